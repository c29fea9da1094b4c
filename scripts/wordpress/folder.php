<?php
// php -S router for a site installed in a folder of its host, `/blog` (its address `<origin>/blog`), behind a
// front controller: every path in the folder goes to WordPress's index.php as `/blog/index.php`; any other is
// the server's own HTML 404. The folder's static files are not served: the suite asks for none.
if (ini_get('auto_prepend_file')) {
	require_once ini_get('auto_prepend_file');
}
$folder = '/blog';
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== $folder && strpos($path, "$folder/") !== 0) {
	http_response_code(404);
	header('Content-Type: text/html; charset=UTF-8');
	echo "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>\n";
	return true;
}
$_SERVER['SCRIPT_NAME'] = "$folder/index.php";
$_SERVER['PHP_SELF'] = "$folder/index.php";
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
