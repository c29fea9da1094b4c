<?php
// php -S router for a web server that refuses PUT and DELETE itself (mod_security rules, some shared hosts):
// its own HTML 405 before WordPress sees the request. Every other request as front-controller.php serves it.
if (in_array($_SERVER['REQUEST_METHOD'], array('PUT', 'DELETE', 'PATCH'), true)) {
	http_response_code(405);
	header('Allow: GET, HEAD, POST, OPTIONS');
	header('Content-Type: text/html; charset=UTF-8');
	echo "<!DOCTYPE html>\n<html><head><title>405 Method Not Allowed</title></head><body><h1>Method Not Allowed</h1><p>The requested method is not allowed for this URL.</p></body></html>\n";
	return true;
}
return require __DIR__ . '/front-controller.php';
