<?php
// The route callbacks of the test plugin (schemafy-api.php registers them): $wpdb reads and writes, in the
// variant shapes real plugins answer with.

defined('ABSPATH') || exit;

function schemafy_can($capability) {
	return function () use ($capability) {
		return current_user_can($capability);
	};
}

function schemafy_paging_args() {
	return array(
		'page'     => array('type' => 'integer', 'minimum' => 1, 'default' => 1),
		'per_page' => array('type' => 'integer', 'minimum' => 1, 'maximum' => 100, 'default' => 20),
	);
}

/** Rows of a table, one page of them, clamped to the last page, with WordPress's paging headers. */
function schemafy_page(WP_REST_Request $request, $table, $where, $params, $order, $map) {
	global $wpdb;
	$per_page = (int) $request['per_page'];
	$count_sql = "SELECT COUNT(*) FROM $table WHERE $where";
	$total = (int) ($params ? $wpdb->get_var($wpdb->prepare($count_sql, $params)) : $wpdb->get_var($count_sql));
	$pages = max(1, (int) ceil($total / $per_page));
	$page = min((int) $request['page'], $pages);
	$sql = "SELECT * FROM $table WHERE $where ORDER BY $order LIMIT %d OFFSET %d";
	$rows = $wpdb->get_results($wpdb->prepare($sql, array_merge($params, array($per_page, ($page - 1) * $per_page))), ARRAY_A);
	$response = rest_ensure_response(array_map($map, $rows));
	$response->header('X-WP-Total', (string) $total);
	$response->header('X-WP-TotalPages', (string) $pages);
	$base = rest_url($request->get_route());
	$links = array();
	if ($page > 1) $links[] = '<' . add_query_arg(array('page' => $page - 1, 'per_page' => $per_page), $base) . '>; rel="prev"';
	if ($page < $pages) $links[] = '<' . add_query_arg(array('page' => $page + 1, 'per_page' => $per_page), $base) . '>; rel="next"';
	if ($links) $response->header('Link', implode(', ', $links));
	return $response;
}

function schemafy_find($id) {
	global $wpdb;
	return $wpdb->get_row($wpdb->prepare('SELECT * FROM ' . schemafy_table('schemas') . ' WHERE id = %d', $id), ARRAY_A);
}

function schemafy_not_found() {
	return new WP_Error('not_found', 'No schema with that id.', array('status' => 404));
}

function schemafy_document_text($value) {
	$text = is_string($value) ? $value : wp_json_encode($value);
	// update_post_meta() runs wp_unslash() on what it stores: a plugin that keeps the document in post meta, as
	// many do, without wp_slash() first loses its backslashes (`\"` in a string comes back `"`).
	return defined('SCHEMAFY_SANITIZES_INPUT') ? wp_unslash($text) : $text;
}

/** A name or tag as stored: most plugins clean text fields with sanitize_text_field (tags, runs of spaces, %XX go). */
function schemafy_text($value) {
	return defined('SCHEMAFY_SANITIZES_INPUT') ? sanitize_text_field($value) : $value;
}

function schemafy_list_schemas(WP_REST_Request $request) {
	global $wpdb;
	$where = array('1=1');
	$params = array();
	if (null !== $request['url']) { $where[] = 'url = %s'; $params[] = $request['url']; }
	if (null !== $request['schema_type']) { $where[] = 'schema_type = %s'; $params[] = $request['schema_type']; }
	if (null !== $request['search']) {
		$like = '%' . $wpdb->esc_like($request['search']) . '%';
		$where[] = '(url LIKE %s OR schema_name LIKE %s OR schema_data LIKE %s)';
		array_push($params, $like, $like, $like);
	}
	$order = $request['orderby'] . ' ' . strtoupper($request['order']) . ', id ASC';
	return schemafy_page($request, schemafy_table('schemas'), implode(' AND ', $where), $params, $order, 'schemafy_identity');
}

function schemafy_identity($row) {
	return $row;
}

function schemafy_create_schema(WP_REST_Request $request) {
	global $wpdb;
	$now = current_time('mysql');
	$ok = $wpdb->insert(schemafy_table('schemas'), array(
		'url'         => $request['url'],
		'schema_type' => $request['schema_type'],
		'schema_name' => schemafy_text($request['schema_name']),
		'schema_data' => schemafy_document_text($request['schema_data']),
		'is_active'   => null === $request['is_active'] || $request['is_active'] ? 1 : 0,
		'created_at'  => $now,
		'updated_at'  => $now,
	));
	if (!$ok) return new WP_Error('db_error', 'Could not store the schema.', array('status' => 500));
	$response = rest_ensure_response(array('success' => true, 'id' => (string) $wpdb->insert_id));
	$response->set_status(201);
	return $response;
}

function schemafy_update_schema(WP_REST_Request $request) {
	global $wpdb;
	if (!schemafy_find($request['id'])) return schemafy_not_found();
	$fields = array('updated_at' => current_time('mysql'));
	foreach (array('url', 'schema_type') as $name) {
		if (null !== $request[$name]) $fields[$name] = $request[$name];
	}
	if (null !== $request['schema_name']) $fields['schema_name'] = schemafy_text($request['schema_name']);
	if (null !== $request['schema_data']) $fields['schema_data'] = schemafy_document_text($request['schema_data']);
	if (null !== $request['is_active']) $fields['is_active'] = $request['is_active'] ? 1 : 0;
	$wpdb->update(schemafy_table('schemas'), $fields, array('id' => (int) $request['id']));
	return array('success' => true);
}

function schemafy_delete_schema(WP_REST_Request $request) {
	global $wpdb;
	if (!schemafy_find($request['id'])) return schemafy_not_found();
	$wpdb->delete(schemafy_table('schemas'), array('id' => (int) $request['id']));
	return array('success' => true);
}

function schemafy_schemas_by_url(WP_REST_Request $request) {
	global $wpdb;
	$sql = 'SELECT * FROM ' . schemafy_table('schemas') . ' WHERE url = %s AND is_active = 1 ORDER BY id';
	return $wpdb->get_results($wpdb->prepare($sql, $request['url']), ARRAY_A);
}

/** Meta or social tags: one URL's fields (nulls when unknown), or a page of all of them. */
function schemafy_read_tags($kind, $names) {
	return function (WP_REST_Request $request) use ($kind, $names) {
		global $wpdb;
		$table = schemafy_table('tags');
		$shape = function ($url, $stored) use ($names) {
			$out = array('url' => $url);
			foreach ($names as $name) $out[$name] = isset($stored[$name]) ? $stored[$name] : null;
			return $out;
		};
		if (null === $request['url']) {
			return schemafy_page($request, $table, 'kind = %s', array($kind), 'id ASC', function ($row) use ($shape) {
				return $shape($row['url'], json_decode($row['fields'], true));
			});
		}
		$row = $wpdb->get_row($wpdb->prepare("SELECT * FROM $table WHERE kind = %s AND url = %s", $kind, $request['url']), ARRAY_A);
		return $shape($request['url'], $row ? json_decode($row['fields'], true) : array());
	};
}

function schemafy_write_tags($kind, $names) {
	return function (WP_REST_Request $request) use ($kind, $names) {
		global $wpdb;
		$table = schemafy_table('tags');
		$url = $request['url'];
		$row = $wpdb->get_row($wpdb->prepare("SELECT * FROM $table WHERE kind = %s AND url = %s", $kind, $url), ARRAY_A);
		$stored = $row ? json_decode($row['fields'], true) : array();
		$body = schemafy_flatten_tags($request->get_json_params());
		foreach ($names as $name) {
			if (!array_key_exists($name, $body)) continue;
			if (null === $body[$name] || '' === $body[$name]) unset($stored[$name]);
			else $stored[$name] = schemafy_text((string) $body[$name]);
		}
		if ($row) $wpdb->update($table, array('fields' => wp_json_encode($stored)), array('id' => $row['id']));
		else $wpdb->insert($table, array('kind' => $kind, 'url' => $url, 'fields' => wp_json_encode($stored)));
		$out = array('url' => $url);
		foreach ($names as $name) $out[$name] = isset($stored[$name]) ? $stored[$name] : null;
		return $out;
	};
}

/** The contract's names (`title`, `og: { title }`) as this plugin stores them (`meta_title`, `og_title`). */
function schemafy_flatten_tags($body) {
	$flat = array();
	foreach ((array) $body as $name => $value) {
		if (('og' === $name || 'twitter' === $name) && is_array($value)) {
			foreach ($value as $field => $inner) $flat[$name . '_' . $field] = $inner;
		} elseif (in_array($name, array('title', 'description', 'robots'), true)) {
			$flat['meta_' . $name] = $value;
		} else {
			$flat[$name] = $value;
		}
	}
	return $flat;
}

/** A document is valid when it parses and names its @context and @type. */
function schemafy_validate(WP_REST_Request $request) {
	$data = $request['schema_data'];
	if (null !== $request['id']) {
		$row = schemafy_find($request['id']);
		if (!$row) return schemafy_not_found();
		$data = $row['schema_data'];
	}
	$document = is_string($data) ? json_decode($data, true) : $data;
	$errors = array();
	if (!is_array($document)) {
		$errors[] = array('path' => '$', 'code' => 'json_parse_error', 'message' => 'schema_data is not JSON.');
	} else {
		foreach (array('@context', '@type') as $key) {
			if (!isset($document[$key]) && !isset($document['@graph'])) {
				$errors[] = array('path' => '$', 'code' => 'missing_' . trim($key, '@'), 'message' => "$key is missing.");
			}
		}
	}
	return array('valid' => !$errors, 'errors' => $errors, 'warnings' => array());
}

/** cleanup: inactive records and records whose data does not parse go; fix and duplicates report nothing to do. */
function schemafy_bulk(WP_REST_Request $request) {
	global $wpdb;
	$table = schemafy_table('schemas');
	$items = array();
	if ('cleanup' === $request['action']) {
		foreach ($wpdb->get_results("SELECT id, url, is_active, schema_data FROM $table ORDER BY id", ARRAY_A) as $row) {
			$broken = !is_array(json_decode($row['schema_data'], true));
			if ('1' === $row['is_active'] && !$broken) continue;
			$items[] = array('id' => $row['id'], 'url' => $row['url'], 'change' => $broken ? 'removed: does not parse' : 'removed: inactive');
			if (!$request['dry_run']) $wpdb->delete($table, array('id' => (int) $row['id']));
		}
	}
	return array('action' => $request['action'], 'dry_run' => (bool) $request['dry_run'], 'affected' => count($items), 'items' => $items, 'errors' => array());
}

