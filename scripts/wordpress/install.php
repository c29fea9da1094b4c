<?php
// Installs one WordPress site with core's own installer and prints its accounts as JSON:
// php install.php <core dir> <permalink structure> <time zone>
[$script, $core, $permalinks, $zone] = $argv;
define('ABSPATH', rtrim($core, '/') . '/');
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
// No mail server here: the "new site" mail is not sent.
function wp_new_blog_notification() {}
ob_start();
require ABSPATH . 'wp-load.php';
require ABSPATH . 'wp-admin/includes/upgrade.php';
$admin_login = wp_generate_password(24, false);
$installed = wp_install('Schemafy test site', 'admin', 'admin@example.test', false, '', $admin_login);
update_option('permalink_structure', $permalinks);
update_option('timezone_string', $zone);
update_option('gmt_offset', '');
flush_rewrite_rules(false);
$editor = wp_insert_user(array(
	'user_login' => 'editor',
	'user_email' => 'editor@example.test',
	'user_pass'  => wp_generate_password(24, false),
	'role'       => 'editor',
));
if (is_wp_error($editor)) {
	fwrite(STDERR, $editor->get_error_message() . "\n");
	exit(1);
}
schemafy_create_tables();
[$admin_password] = WP_Application_Passwords::create_new_application_password($installed['user_id'], array('name' => 'tests'));
[$editor_password] = WP_Application_Passwords::create_new_application_password($editor, array('name' => 'tests'));
ob_end_clean();
echo wp_json_encode(array(
	// One in WordPress's display form (groups of four), one bare: both are how users paste them.
	'admin'  => array('username' => 'admin', 'password' => WP_Application_Passwords::chunk_password($admin_password)),
	'editor' => array('username' => 'editor', 'password' => $editor_password),
));
