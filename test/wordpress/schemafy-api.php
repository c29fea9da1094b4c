<?php
/**
 * Plugin Name: Schemafy test API
 * Description: The Schema Management REST API (namespace schemafy/v1) for the test suite against real
 * WordPress, built with WordPress's own routing, capabilities, argument validation and $wpdb, and
 * answering in the variant shapes real plugins send: string ids and flags, `{ success, id }` for a
 * create, `{ success }` for an update or delete, pages past the end clamped to the last one, site-local
 * dates without a zone (current_time('mysql')), flat meta and social field names.
 */

defined('ABSPATH') || exit;

const SCHEMAFY_NS = 'schemafy/v1';

function schemafy_table($name) {
	global $wpdb;
	return $wpdb->prefix . 'schemafy_' . $name;
}

/** Called by the installer once WordPress is installed. */
function schemafy_create_tables() {
	global $wpdb;
	$charset = $wpdb->get_charset_collate();
	$wpdb->query('CREATE TABLE IF NOT EXISTS ' . schemafy_table('schemas') . " (
		id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
		url VARCHAR(2048) NOT NULL,
		schema_type VARCHAR(191) NOT NULL,
		schema_name VARCHAR(255) NOT NULL DEFAULT '',
		schema_data LONGTEXT NOT NULL,
		is_active TINYINT(1) NOT NULL DEFAULT 1,
		created_at DATETIME NOT NULL,
		updated_at DATETIME NOT NULL,
		KEY url (url(191))
	) $charset");
	$wpdb->query('CREATE TABLE IF NOT EXISTS ' . schemafy_table('tags') . " (
		id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
		kind VARCHAR(10) NOT NULL,
		url VARCHAR(2048) NOT NULL,
		fields LONGTEXT NOT NULL,
		KEY kind_url (kind, url(191))
	) $charset");
}

const SCHEMAFY_META = array('meta_title', 'meta_description', 'meta_robots', 'canonical', 'keywords');
const SCHEMAFY_SOCIAL = array(
	'og_title', 'og_description', 'og_image', 'og_image_alt', 'og_type', 'og_url', 'og_site_name', 'og_locale',
	'twitter_card', 'twitter_title', 'twitter_description', 'twitter_image', 'twitter_image_alt', 'twitter_site',
	'twitter_creator',
);

require_once __DIR__ . '/schemafy/handlers.php';

// A site set up with another REST prefix (SCHEMAFY_REST_PREFIX in its wp-config.php, see environment.ts), as
// security plugins and some hosts move /wp-json/.
if (defined('SCHEMAFY_REST_PREFIX')) {
	add_filter('rest_url_prefix', function () {
		return SCHEMAFY_REST_PREFIX;
	});
}

add_action('rest_api_init', function () {
	$url = array('type' => 'string', 'format' => 'uri');
	$record = array(
		'url'         => $url,
		'schema_type' => array('type' => 'string', 'minLength' => 1),
		'schema_name' => array('type' => 'string'),
		'schema_data' => array('type' => array('string', 'object', 'array')),
		'is_active'   => array('type' => 'boolean'),
	);
	$required = function ($args) {
		foreach (array('url', 'schema_type', 'schema_name', 'schema_data') as $name) $args[$name]['required'] = true;
		return $args;
	};
	register_rest_route(SCHEMAFY_NS, '/schemas', array(
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'schemafy_list_schemas',
			'permission_callback' => schemafy_can('edit_posts'),
			'args'                => schemafy_paging_args() + array(
				'url'         => $url,
				'schema_type' => array('type' => 'string'),
				'search'      => array('type' => 'string'),
				'orderby'     => array('type' => 'string', 'enum' => array('id', 'url', 'updated_at'), 'default' => 'id'),
				'order'       => array('type' => 'string', 'enum' => array('asc', 'desc'), 'default' => 'asc'),
			),
		),
		array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => 'schemafy_create_schema',
			'permission_callback' => schemafy_can('manage_options'),
			'args'                => $required($record),
		),
	));
	register_rest_route(SCHEMAFY_NS, '/schemas/(?P<id>\d+)', array(
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => function (WP_REST_Request $request) {
				return schemafy_find($request['id']) ?: schemafy_not_found();
			},
			'permission_callback' => schemafy_can('edit_posts'),
		),
		array(
			'methods'             => 'PUT',
			'callback'            => 'schemafy_update_schema',
			'permission_callback' => schemafy_can('manage_options'),
			'args'                => $record,
		),
		array(
			'methods'             => WP_REST_Server::DELETABLE,
			'callback'            => 'schemafy_delete_schema',
			'permission_callback' => schemafy_can('manage_options'),
		),
	));
	register_rest_route(SCHEMAFY_NS, '/schemas-by-url', array(
		'methods'             => WP_REST_Server::READABLE,
		'callback'            => 'schemafy_schemas_by_url',
		'permission_callback' => '__return_true',
		'args'                => array('url' => $url + array('required' => true)),
	));
	foreach (array('meta' => SCHEMAFY_META, 'social' => SCHEMAFY_SOCIAL) as $kind => $names) {
		register_rest_route(SCHEMAFY_NS, "/$kind", array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => schemafy_read_tags($kind, $names),
				'permission_callback' => schemafy_can('manage_options'),
				'args'                => schemafy_paging_args() + array('url' => $url),
			),
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => schemafy_write_tags($kind, $names),
				'permission_callback' => schemafy_can('manage_options'),
				'args'                => array('url' => $url + array('required' => true)),
			),
		));
	}
	register_rest_route(SCHEMAFY_NS, '/validate', array(
		'methods'             => WP_REST_Server::CREATABLE,
		'callback'            => 'schemafy_validate',
		'permission_callback' => schemafy_can('edit_posts'),
		'args'                => array('schema_data' => $record['schema_data'], 'id' => array('type' => 'integer')),
	));
	register_rest_route(SCHEMAFY_NS, '/bulk', array(
		'methods'             => WP_REST_Server::CREATABLE,
		'callback'            => 'schemafy_bulk',
		'permission_callback' => schemafy_can('manage_options'),
		'args'                => array(
			'action'  => array('type' => 'string', 'enum' => array('fix', 'cleanup', 'duplicates'), 'required' => true),
			'dry_run' => array('type' => 'boolean', 'default' => false),
		),
	));
});

// A site whose REST API only logged-in users may use, as "Disable REST API" and security plugins set it: every
// anonymous request is refused before its route runs (application passwords log in before this filter asks).
if (defined('SCHEMAFY_REST_FOR_USERS_ONLY')) {
	add_filter('rest_authentication_errors', function ($result) {
		if (true === $result || is_wp_error($result) || is_user_logged_in()) {
			return $result;
		}
		return new WP_Error('rest_not_logged_in', 'You are not currently logged in.', array('status' => 401));
	});
}

// A site with application passwords turned off, as security plugins offer (Wordfence) and some hosts do.
if (defined('SCHEMAFY_NO_APPLICATION_PASSWORDS')) {
	add_filter('wp_is_application_passwords_available', '__return_false');
}
