# Records of WARC files, made by hand for the tests of the WARC readers
# (warc.bats, warcgz.bats, wet.bats): load it after helper.

# rec TYPE URI BLOCK: one WARC/1.1 record (BLOCK a printf format)
rec() {
	local block
	block=$(printf "$3"; echo x)
	block=${block%x}
	printf 'WARC/1.1\r\nWARC-Type: %s\r\n' "$1"
	[ -n "$2" ] && printf 'WARC-Target-URI: %s\r\n' "$2"
	printf 'Content-Length: %d\r\n\r\n%s\r\n\r\n' "$(printf %s "$block" | wc -c)" "$block"
}

# page URI TEXT: a response record of an HTML page of one paragraph
page() {
	rec response "$1" "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>$2</p>"
}

size() { stat -c %s "$1"; }
