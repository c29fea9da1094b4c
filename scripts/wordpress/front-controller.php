<?php
// php -S router for a site behind a front controller (what nginx `try_files $uri /index.php` does):
// files that exist are served, every other path goes to WordPress's index.php.
// php -S runs auto_prepend_file for the scripts it serves, not for its router: the site's ABSPATH comes first.
if (ini_get('auto_prepend_file')) {
	require_once ini_get('auto_prepend_file');
}
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== '/' && is_file($_SERVER['DOCUMENT_ROOT'] . $path)) {
	return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
