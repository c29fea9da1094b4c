<?php
// php -S router for a staging site behind its web server's own password (Apache's `AuthType Basic` with an
// htpasswd file, nginx's auth_basic): a request without that user and password gets the web server's HTML 401
// with `WWW-Authenticate` and never reaches WordPress. One with them is served as front-controller.php serves it,
// its Authorization header and all, as Apache and nginx pass it on: WordPress then reads that same header as an
// application password. The one header holds one password, so application passwords cannot pass.
$authorization = $_SERVER['HTTP_AUTHORIZATION'] ?? '';
if ($authorization !== 'Basic ' . base64_encode('staging:staging-password')) {
	http_response_code(401);
	header('WWW-Authenticate: Basic realm="Staging"');
	header('Content-Type: text/html; charset=iso-8859-1');
	echo "<!DOCTYPE HTML PUBLIC \"-//IETF//DTD HTML 2.0//EN\">\n<html><head>\n<title>401 Unauthorized</title>\n</head><body>\n<h1>Unauthorized</h1>\n<p>This server could not verify that you\nare authorized to access the document\nrequested.  Either you supplied the wrong\ncredentials (e.g., bad password), or your\nbrowser doesn't understand how to supply\nthe credentials required.</p>\n</body></html>\n";
	return true;
}
return require __DIR__ . '/front-controller.php';
