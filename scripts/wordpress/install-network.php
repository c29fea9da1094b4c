<?php
// Installs a subdirectory multisite network in two runs, as WordPress's own Network Setup does (a site first, then
// the network over it, then wp-config.php's MULTISITE constants), and prints its accounts as JSON:
//   php install-network.php single  <core dir> <host:port> <permalink structure> <time zone>
//   php install-network.php network <core dir> <host:port> <permalink structure> <time zone> <sub-site path>
// The network's domain is the host with its port (`127.0.0.1:8080`): WordPress finds a site by the Host header as
// sent, with only :80 and :443 taken off (ms-settings.php), so a network whose domain leaves the port out has no
// site at any other port. The Network Setup screen refuses such a domain, populate_network() does not.
[$script, $step, $core, $host, $permalinks, $zone] = $argv;
define('ABSPATH', rtrim($core, '/') . '/');
// Only the first run installs: the second one loads the network like any request to its main site.
if ($step === 'single') {
	define('WP_INSTALLING', true);
}
$_SERVER['HTTP_HOST'] = $host;
$_SERVER['REQUEST_URI'] = '/';
// No mail server here: the "new site" mails are not sent.
function wp_new_blog_notification() {}
ob_start();
require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

/** The current site's permalinks and time zone, and the API's tables (with the site's table prefix). */
function schemafy_site_settings($permalinks, $zone) {
	global $wp_rewrite;
	$wp_rewrite->set_permalink_structure($permalinks);
	// Made again by the site's first request, with its own settings (switch_to_blog() keeps the main site's).
	delete_option('rewrite_rules');
	update_option('timezone_string', $zone);
	update_option('gmt_offset', '');
	schemafy_create_tables();
}

if ($step === 'single') {
	$installed = wp_install('Schemafy test network', 'admin', 'admin@example.test', false, '', wp_generate_password(24, false));
	// The network's tables, then the network with this site as its main site (its domain with the port).
	foreach ($wpdb->tables('ms_global') as $table => $prefixed) {
		$wpdb->$table = $prefixed;
	}
	install_network();
	$network = populate_network(1, $host, 'admin@example.test', 'Schemafy test network', '/', false);
	if (is_wp_error($network)) {
		fwrite(STDERR, $network->get_error_message() . "\n");
		exit(1);
	}
	// populate_network() gives the main site the `/blog/` permalinks of a subdirectory network's main site.
	schemafy_site_settings($permalinks, $zone);
	ob_end_clean();
	exit(0);
}

// The network, with wp-config.php's MULTISITE constants: the sub-site, and an editor on it only.
[, , , , , , $path] = $argv;
$admin = get_user_by('login', 'admin');
$site = wpmu_create_blog($host, $path, 'Schemafy test sub-site', $admin->ID, array('public' => 1));
$editor = wp_insert_user(array(
	'user_login' => 'editor',
	'user_email' => 'editor@example.test',
	'user_pass'  => wp_generate_password(24, false),
	'role'       => '',
));
foreach (array($site, $editor) as $made) {
	if (is_wp_error($made)) {
		fwrite(STDERR, $made->get_error_message() . "\n");
		exit(1);
	}
}
// WordPress stores a new site's domain through sanitize_user() (wp_normalize_site_data(), wpmu_create_blog()),
// which drops the port's colon: `127.0.0.136543`, a host no request names, so every request to /site2/ would be
// answered by the main site. populate_network() wrote the main site's row as given; the sub-site's is set so too.
$wpdb->update($wpdb->blogs, array('domain' => $host), array('blog_id' => $site));
clean_blog_cache($site);
switch_to_blog($site);
update_option('home', untrailingslashit("http://$host$path"));
update_option('siteurl', untrailingslashit("http://$host$path"));
restore_current_blog();
// wp_insert_user() on a network adds the user to the current (main) site: the editor is the sub-site's only.
remove_user_from_blog($editor, get_main_site_id());
add_user_to_blog($site, $editor, 'editor');
switch_to_blog($site);
schemafy_site_settings($permalinks, $zone);
restore_current_blog();
[$admin_password] = WP_Application_Passwords::create_new_application_password($admin->ID, array('name' => 'tests'));
[$editor_password] = WP_Application_Passwords::create_new_application_password($editor, array('name' => 'tests'));
ob_end_clean();
echo wp_json_encode(array(
	'admin'  => array('username' => 'admin', 'password' => $admin_password),
	'editor' => array('username' => 'editor', 'password' => $editor_password),
));
