<?php
// php -S router for a web server without rewriting: files and folders (with their index.php) are
// served, anything else is the server's own HTML 404, as Apache without .htaccess answers.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if (is_file($file) || (is_dir($file) && is_file(rtrim($file, '/') . '/index.php'))) {
	return false;
}
http_response_code(404);
header('Content-Type: text/html; charset=UTF-8');
echo "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>\n";
