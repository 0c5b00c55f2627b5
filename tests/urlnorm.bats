# urlnorm: WHATWG parsing, RFC 3986 normalization, crawl policy
# (issue 3; man/urlnorm.1).  Tables of cases run as one urlnorm each:
# bats costs about a third of a second a test here, and the suite also
# runs under ASan.
bats_require_minimum_version 1.5.0
load helper

PROG=urlnorm
URLDATA=$DATA/url

# norm_table [OPTION...] -- URL WANT [URL WANT...]: one run of
# `urlnorm -f 2 OPTION...` over the records "N TAB URL", one a pair (URL
# is record text: '\t' in it is the escape for TAB).  Record N must come
# out as "N TAB WANT"; WANT "-" means rejected, with a message naming
# line N.  The exit status must say whether anything was rejected.
norm_table() {
	local opts=() i=0 want="" rejected=()
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	: > in
	while [ $# -gt 0 ]; do
		i=$((i + 1))
		printf '%d\t%s\n' "$i" "$1" >> in
		if [ "$2" = - ]; then
			rejected+=("$i")
		else
			want+="$i	$2"$'\n'
		fi
		shift 2
	done
	run --separate-stderr urlnorm -f 2 "${opts[@]}" in
	assert_equal "$output" "${want%$'\n'}"
	if [ ${#rejected[@]} -eq 0 ]; then
		assert_success
		assert_equal "$stderr" ""
	else
		assert_failure 1
		for i in "${rejected[@]}"; do
			[[ $stderr == *"urlnorm: in:$i: field 2: "*" is not a URL: "* ]] ||
				fail "record $i must be rejected with a reason: $stderr"
		done
		[ "$(grep -c . <<<"$stderr")" -eq ${#rejected[@]} ] ||
			fail "one message per rejected record: $stderr"
	fi
}

# --- the seed ---------------------------------------------------------------

@test "urlnorm: seed 000: six spellings of one page collapse to one line" {
	cat > in <<-'EOF'
	https://Example.COM/path/page.html
	https://example.com:443/path/page.html
	https://example.com/path/../path/page.html
	https://example.com/path/page.html?b=2&a=1
	https://example.com/path/page.html?a=1&b=2#section
	https://example.com/path/page.html?a=1&b=2&utm_source=twitter
	EOF
	run bash -c 'urlnorm in | LC_ALL=C sort -u'
	assert_success
	# page.html and page.html?a=1&b=2 are two pages: the query is kept
	assert_output 'https://example.com/path/page.html
https://example.com/path/page.html?a=1&b=2'
	run bash -c 'sed "s/page.html\$/page.html?a=1\&b=2/" in | urlnorm | LC_ALL=C sort -u'
	assert_output 'https://example.com/path/page.html?a=1&b=2'
}

@test "urlnorm: seed 000: the seven steps, and five variants of one page" {
	# steps 1-7 of the seed's list, in order
	norm_table -- \
	    'HTTPS://Example.COM/p'			'https://example.com/p' \
	    'http://example.com:80/p'			'http://example.com/p' \
	    'https://example.com:443/p'			'https://example.com/p' \
	    'https://example.com/a/./b/../c'		'https://example.com/a/c' \
	    'https://example.com'			'https://example.com/' \
	    'https://example.com/?b=2&a=1'		'https://example.com/?a=1&b=2' \
	    'https://example.com/#section'		'https://example.com/' \
	    'https://e.com/?utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e&fbclid=f&gclid=g&k=v' \
	    'https://e.com/?k=v' \
	    'https://example.com/%41%7e%2F'		'https://example.com/A~%2F'
	# exercise 2: variants of one page give one result
	printf '%s\n' 'http://WWW.Example.com:80/docs/./guide/../index.html?lang=en&v=2#top' \
	    'http://www.example.com/docs/index.html?v=2&lang=en' \
	    'http://www.example.com/docs/x/../index.html?v=2&utm_source=feed&lang=en' \
	    'http://www.example.com/docs/%69ndex.html?lang=en&fbclid=IwAR&v=2' \
	    'HTTP://www.example.com/docs/a/b/../../index.html?&&lang=en&v=2&#' > in
	run bash -c 'urlnorm in | LC_ALL=C sort -u'
	assert_success
	assert_output 'http://www.example.com/docs/index.html?lang=en&v=2'
}

# --- conformance ---------------------------------------------------------------

@test "urlnorm: --profile whatwg passes all 891 WHATWG urltestdata cases" {
	# Records: ID KIND INPUT BASE HREF ...; the URL is field 3, its base
	# field 4 (empty: none).  No known exceptions: the cases that need
	# IDNA data newer than ICU 72 are ASCII "xn--" hosts, which the
	# standard (and urlnorm) let through without IDNA.
	urlnorm -q --profile whatwg -f 3 --base-field 4 --rejects rej \
	    "$URLDATA/urltestdata.tsv" > out 2> err || status=$?
	assert_equal "${status:-0}" 1
	assert_file_empty err
	run bash -c "cut -f1,2,3,5 out | awk -F '\t' '\$2 != \"ok\" || \$3 != \$4'"
	assert_output ''
	run bash -c "cut -f1,2 rej | awk -F '\t' '\$2 != \"fail\"'"
	assert_output ''
	[ "$(wc -l < out)" -eq 624 ]
	[ "$(wc -l < rej)" -eq 267 ]
	# percent-encoding.json, UTF-8: query and fragment of a special URL
	run bash -c "awk -F '\t' '{ print \"https://x/?\" \$2 \"#\" \$2 }' \
	    '$URLDATA/percent-encoding.tsv' | urlnorm --profile whatwg"
	assert_success
	assert_output "$(awk -F '\t' '{ print "https://x/?" $3 "#" $3 }' \
	    "$URLDATA/percent-encoding.tsv")"
}

@test "urlnorm: RFC 3986 5.4.1 and 5.4.2 examples under --profile whatwg" {
	cut -f1 "$URLDATA/rfc3986-examples.tsv" |
	    urlnorm --profile whatwg --base 'http://a/b/c/d;p?q' > got
	[ "$(wc -l < got)" -eq 42 ]
	run bash -c "paste '$URLDATA/rfc3986-examples.tsv' got |
	    awk -F '\t' '\$2 != \$3'"
	# The two WHATWG differences the manual lists: a special URL's empty
	# path is "/", and "http:g" against an http base is resolved (the
	# RFC's "for backward compatibility" reading, 5.4.2).
	assert_output '//g	http://g	http://g/
http:g	http:g	http://a/b/c/g'
}

# --- the default profile, safe ---------------------------------------------------

@test "urlnorm: WHATWG parsing: trimming, hosts, IDNA, IP addresses, ports, paths" {
	norm_table -- \
	    ' \t http://ex.com/a\tb\nc \r'	'http://ex.com/abc' \
	    'http:\\\\ex.com\\a\\b'		'http://ex.com/a/b' \
	    'http://EX.com/A'			'http://ex.com/A' \
	    'http://münchen.DE/'		'http://xn--mnchen-3ya.de/' \
	    'http://%E4%BE%8B.com/'		'http://xn--fsq.com/' \
	    'http://xn--mnchen-3ya.de./'	'http://xn--mnchen-3ya.de./' \
	    'http://0x7f.1/'			'http://127.0.0.1/' \
	    'http://3232235777/'		'http://192.168.1.1/' \
	    'http://0300.0250.1.1/'		'http://192.168.1.1/' \
	    'http://[0:0:0:0:0:0:0:1]:8080/'	'http://[::1]:8080/' \
	    'http://[::ffff:192.168.1.1]/'	'http://[::ffff:c0a8:101]/' \
	    'https://e.com:443/' 'https://e.com/' \
	    'ftp://e.com:21/' 'ftp://e.com/' \
	    'ws://e.com:80/' 'ws://e.com/' \
	    'http://e.com:0080/' 'http://e.com/' \
	    'http://e.com:8080/' 'http://e.com:8080/' \
	    'http://e.com/a/%2e/b/%2E%2e/c' 'http://e.com/a/c' \
	    'http://e.com/../../a' 'http://e.com/a' \
	    'http://e.com/ä ö' 'http://e.com/%C3%A4%20%C3%B6' \
	    'http://e.com/?q=ä "x"' 'http://e.com/?q=%C3%A4%20%22x%22' \
	    'mailto:Someone@Example.com' 'mailto:Someone@Example.com' \
	    'FOO://Host/P' 'foo://host/P' \
	    'file:///C|/dir/../x' 'file:///C:/x' \
	    'not a url'		- \
	    'http://'		- \
	    'http://a:99999/'	- \
	    'http://a:8o/'	- \
	    'http://[1::2::3]/'	- \
	    'http://1.2.3.256/'	- \
	    'http://a b/'	- \
	    'http://ex%25.com/'	- \
	    $'http://x.xn--a.\xff/'	- \
	    $'http://\xef\xbf\xbd/'	- \
	    'http://user@/'	-
}

@test "urlnorm: RFC 3986 percent-encoding: unreserved decoded, the rest uppercased" {
	norm_table -- \
	    'http://e.com/%41%5a%61%7a%30%39%2d%2e%5f%7e' 'http://e.com/AZaz09-._~' \
	    'http://e.com/%25%2f%3f%23%26%3d%2b%3b'	'http://e.com/%25%2F%3F%23%26%3D%2B%3B' \
	    'http://e.com/?a=%25%2F%3F%23%26%3D%2B%3B'	'http://e.com/?a=%25%2F%3F%23%26%3D%2B%3B' \
	    'http://e.com/%e4%b8%ad%c3%a9'		'http://e.com/%E4%B8%AD%C3%A9' \
	    'http://e.com/%zz%4%'			'http://e.com/%zz%4%' \
	    'http://e.com/%4%41b'			'http://e.com/%4%41b' \
	    'http://u%7e:p%2a@e.com/'			'http://u~:p%2A@e.com/' \
	    'foo://H%7eOST.Example/'			'foo://h~ost.example/' \
	    'http://e.com/?%7e=%7e&b=%41'		'http://e.com/?b=A&~=~' \
	    'http://e.com/#a%7e'			'http://e.com/'
	# the fragment, when kept, is normalized too
	norm_table --keep-fragment -- 'http://e.com/#a%7e%2f' 'http://e.com/#a~%2F'
}

@test "urlnorm: query policy: drops, empty pairs, stable sort by key, pairs kept as they are" {
	norm_table -- \
	    'http://e.com/?b=2&a=1'			'http://e.com/?a=1&b=2' \
	    'http://e.com/?a=2&b=0&a=1&a=3'		'http://e.com/?a=2&a=1&a=3&b=0' \
	    'http://e.com/?a=1&&&b=2&'			'http://e.com/?a=1&b=2' \
	    'http://e.com/?'				'http://e.com/' \
	    'http://e.com/?&&'				'http://e.com/' \
	    'http://e.com/?utm_source=x'		'http://e.com/' \
	    'http://e.com/?utm_source'			'http://e.com/' \
	    'http://e.com/?UTM_SOURCE=x&utm_sourcex=y&xutm_source=z' \
	    'http://e.com/?UTM_SOURCE=x&utm_sourcex=y&xutm_source=z' \
	    'http://e.com/?gclid=1&fbclid=2&dclid=3'	'http://e.com/?dclid=3' \
	    'http://e.com/?q=a+b&r=a%20b&s=a b'		'http://e.com/?q=a+b&r=a%20b&s=a%20b' \
	    'http://e.com/?b=1&a+b=2&a%20b=3&a=4&A=5'	'http://e.com/?A=5&a=4&a%20b=3&a+b=2&b=1' \
	    'http://e.com/?=x&b'			'http://e.com/?=x&b' \
	    'http://e.com/?k=v=w&k'			'http://e.com/?k=v=w&k' \
	    'http://e.com/a?b=1#f'			'http://e.com/a?b=1'
}

@test "urlnorm: kept by default: www, slashes, index pages, case, userinfo, trailing dot, scheme" {
	norm_table -- \
	    'http://www.e.com/'			'http://www.e.com/' \
	    'http://e.com/dir/'			'http://e.com/dir/' \
	    'http://e.com/dir/index.html'	'http://e.com/dir/index.html' \
	    'http://e.com/a//b'			'http://e.com/a//b' \
	    'http://e.com/Path?Q=V'		'http://e.com/Path?Q=V' \
	    'http://u:p@e.com/'			'http://u:p@e.com/' \
	    'http://e.com./'			'http://e.com./' \
	    'http://e.com/'			'http://e.com/' \
	    'http://e.com/;jsessionid=1?sid=2'	'http://e.com/;jsessionid=1?sid=2'
}

@test "urlnorm: fragments: dropped, --keep-fragment, --keep-fragment=routing" {
	printf '%s\n' 'http://e.com/#sec' 'http://e.com/#!/app/x' 'http://e.com/#/r' \
	    'http://e.com/#' 'http://e.com/?b&a#x' > in
	run urlnorm in
	assert_output 'http://e.com/
http://e.com/
http://e.com/
http://e.com/
http://e.com/?a&b'
	run urlnorm --keep-fragment in
	assert_output 'http://e.com/#sec
http://e.com/#!/app/x
http://e.com/#/r
http://e.com/#
http://e.com/?a&b#x'
	run urlnorm --keep-fragment=routing in
	assert_output 'http://e.com/
http://e.com/#!/app/x
http://e.com/#/r
http://e.com/
http://e.com/?a&b'
}

@test "urlnorm: parameter options: --no-sort, --drop-param, --keep-param, lists" {
	u='http://e.com/?z=1&utm_source=a&ref=x&ref_src=y&msclkid=m&_hsenc=h&a=2&fbclid=f'
	norm_table --no-sort -- "$u" 'http://e.com/?z=1&ref=x&ref_src=y&msclkid=m&_hsenc=h&a=2'
	norm_table --drop-param ref --drop-param 'ms*' -- \
	    "$u" 'http://e.com/?_hsenc=h&a=2&ref_src=y&z=1'
	norm_table --drop-param 'ref*' -- "$u" 'http://e.com/?_hsenc=h&a=2&msclkid=m&z=1'
	norm_table --no-default-drops -- \
	    "$u" 'http://e.com/?_hsenc=h&a=2&fbclid=f&msclkid=m&ref=x&ref_src=y&utm_source=a&z=1'
	norm_table --no-default-drops --drop-param z -- \
	    "$u" 'http://e.com/?_hsenc=h&a=2&fbclid=f&msclkid=m&ref=x&ref_src=y&utm_source=a'
	norm_table --extended-drops -- \
	    "$u" 'http://e.com/?a=2&ref=x&ref_src=y&z=1' \
	    'http://e.com/?utm_id=1&gbraid=2&wbraid=3&mc_cid=4&mc_eid=5&igshid=6&_hsmi=7&yclid=8&k' \
	    'http://e.com/?k'
	norm_table --keep-param a --keep-param 'ref*' -- "$u" 'http://e.com/?a=2&ref=x&ref_src=y'
	printf '# tracking\n\n  ref  \nms*\r\n' > drops
	norm_table --drop-params-file drops -- "$u" 'http://e.com/?_hsenc=h&a=2&ref_src=y&z=1'
}

@test "urlnorm: --profile aggressive and each of its options" {
	norm_table --strip-www -- \
	    'http://www.e.com/'		'http://e.com/' \
	    'http://www2.e.com/'	'http://e.com/' \
	    'http://www.www.e.co.uk/'	'http://e.co.uk/' \
	    'http://www.com/'		'http://www.com/' \
	    'http://www.e./'		'http://www.e./' \
	    'http://wwwx.e.com/'	'http://wwwx.e.com/' \
	    'http://e.www.com/'		'http://e.www.com/'
	norm_table --strip-session-ids -- \
	    'http://e.com/a;jsessionid=0A1B?PHPSESSID=1&sid=2&ASPSESSIONIDQQGG=3&cfid=4&CFTOKEN=5&id=6' \
	    'http://e.com/a?id=6' \
	    'http://e.com/a;JSESSIONID=x;v=1/b'	'http://e.com/a;v=1/b'
	norm_table --strip-trailing-slash -- \
	    'http://e.com/a/'		'http://e.com/a' \
	    'http://e.com/a//'		'http://e.com/a' \
	    'http://e.com/'		'http://e.com/' \
	    'http://e.com/?q'		'http://e.com/?q'
	norm_table --strip-index -- \
	    'http://e.com/a/index.html'	'http://e.com/a/' \
	    'http://e.com/Default.aspx?x=1'	'http://e.com/?x=1' \
	    'http://e.com/index.htm/'	'http://e.com/index.htm/' \
	    'http://e.com/myindex.html'	'http://e.com/myindex.html'
	norm_table --collapse-slashes -- 'http://e.com//a///b/' 'http://e.com/a/b/'
	norm_table --strip-userinfo -- 'http://u:p@e.com/' 'http://e.com/' 'ftp://u@e.com/' 'ftp://e.com/'
	norm_table --strip-trailing-dot -- \
	    'http://e.com./'		'http://e.com/' \
	    'http://e.com../'		'http://e.com/' \
	    'http://foo.09../'		'http://foo.09../'
	norm_table --force-https -- \
	    'http://e.com/'		'https://e.com/' \
	    'http://e.com:443/'		'https://e.com/' \
	    'http://e.com:8080/'	'https://e.com:8080/' \
	    'ws://e.com/'		'ws://e.com/'
	norm_table --profile aggressive -- \
	    'http://u:p@www.E.com./a//b/index.html/;jsessionid=1?sid=1&utm_source=x&b=2&a=1#f' \
	    'http://e.com/a/b?a=1&b=2' \
	    'http://www.e.com/a/index.html/'	'http://e.com/a'
}

@test "urlnorm: profiles whatwg and rfc3986; --unicode-host" {
	u='HTTP://U:%7e@www.EX.com:80/a/./%7e%2f/../b/?b=%7e&a=1&utm_source=x#F%7e'
	norm_table --profile whatwg -- "$u" 'http://U:%7e@www.ex.com/a/b/?b=%7e&a=1&utm_source=x#F%7e'
	norm_table --profile rfc3986 -- "$u" 'http://U:~@www.ex.com/a/b/?b=~&a=1&utm_source=x#F~'
	norm_table -- "$u" 'http://U:~@www.ex.com/a/b/?a=1&b=~'
	norm_table --profile aggressive -- "$u" 'http://ex.com/a/b?a=1&b=~'
	norm_table --unicode-host -- \
	    'http://xn--mnchen-3ya.de/?b&a'	'http://münchen.de/?a&b' \
	    'http://例え.テスト/パス'		'http://例え.テスト/%E3%83%91%E3%82%B9' \
	    'http://xn--a.com/'			'http://xn--a.com/' \
	    'http://e.com/'			'http://e.com/'
	norm_table --profile whatwg --unicode-host -- 'http://BÜCHER.de/#x' 'http://bücher.de/#x'
}

@test "urlnorm: --base and --base-field resolve relative references" {
	norm_table --base 'http://a/b/c/d;p?q' -- \
	    'g'		'http://a/b/c/g' \
	    '../g?utm_source=x&y'	'http://a/b/g?y' \
	    '//o.com/x'	'http://o.com/x' \
	    '?y'	'http://a/b/c/d;p?y' \
	    '#s'	'http://a/b/c/d;p?q' \
	    ''		'http://a/b/c/d;p?q' \
	    'https:g'	'https://g/' \
	    'mailto:x'	'mailto:x'
	printf '%s\t%s\n' 'http://a/b/c' '../d' 'http://a/b/c' '?q' \
	    'https://x.org/p/' 'img.png' '' 'https://abs/' \
	    'http://a/' '' 'mailto:x' 'y' 'not a url' 'x' > links
	printf 'short\n' >> links
	run --separate-stderr urlnorm -f 2 --base-field 1 --rejects rej links
	assert_failure 1
	assert_output 'http://a/b/c	http://a/d
http://a/b/c	http://a/b/c?q
https://x.org/p/	https://x.org/p/img.png
	https://abs/
http://a/	http://a/'
	assert_equal "$stderr" "urlnorm: links:6: field 2: 'y' is not a URL: relative reference, and the base URL cannot be a base
urlnorm: links:7: base field 1: 'not a url' is not a URL: relative reference (no scheme), and no base URL
urlnorm: links:8: no field 2: the record has 1"
	assert_bytes rej 'mailto:x\ty\nnot a url\tx\nshort\n'
	# -a keeps the reference after the result; -f and --base-field count from the end
	printf 'id\thttp://a/b/\tc?x#y\n' > rec
	run urlnorm -a -f -1 --base-field -2 rec
	assert_output 'id	http://a/b/	http://a/b/c?x	c?x#y'
	# a backslash from the base is escaped in the result, also when
	# the same base comes back after an empty base field
	printf 'foo:/a\\\\b/\tc\n\thttp://e/\nfoo:/a\\\\b/\td\n' > bs
	urlnorm -f 2 --base-field 1 bs > out
	assert_bytes out 'foo:/a\\\\b/\tfoo:/a\\\\b/c\n\thttp://e/\nfoo:/a\\\\b/\tfoo:/a\\\\b/d\n'
}

@test "urlnorm: --surt writes the SURT key" {
	norm_table --surt -- \
	    'https://www.Example.com:8080/a/b?y=2&x=1#f'	'com,example,www:8080)/a/b?x=1&y=2' \
	    'http://example.com/'			'com,example)/' \
	    'http://example.com./'			',com,example)/' \
	    'http://u:p@a.b.c/'				'c,b,a)/' \
	    'http://1.2.3.4/x'				'1.2.3.4)/x' \
	    'http://[::1]/x'				'[::1])/x' \
	    'ftp://a.b/c'				'ftp:b,a)/c' \
	    'mailto:a@b.c'				'mailto:a@b.c' \
	    'file:///etc/x'				'file:///etc/x'
	norm_table --surt --strip-www --keep-fragment -- 'http://www.e.com/#f' 'com,e)/#f'
	norm_table --surt --profile whatwg -- 'http://e.com/?b&a#f' 'com,e)/?b&a#f'
}

# --- host lists, URL parts, the Public Suffix List, JSON (issue 23) -----------

PSLTEST=/usr/share/doc/publicsuffix/examples/test_psl.txt

@test "urlnorm: --default-scheme: hosts without a scheme, as trurl reads them" {
	norm_table --default-scheme http -- \
	    'example.com'			'http://example.com/' \
	    'Example.COM.'			'http://example.com./' \
	    'www.example.co.uk/path?q=1#f'	'http://www.example.co.uk/path?q=1' \
	    'example.com?b=2&a=1'		'http://example.com/?a=1&b=2' \
	    'example.com\a'			'http://example.com/a' \
	    'example.com:8080'			'http://example.com:8080/' \
	    'example.com:80/a'			'http://example.com/a' \
	    'sub.example.com:8080/x?y'		'http://sub.example.com:8080/x?y' \
	    '10.0.0.1'				'http://10.0.0.1/' \
	    '192.168.1.1:8080/x'		'http://192.168.1.1:8080/x' \
	    '[::1]:8080'			'http://[::1]:8080/' \
	    '[2001:DB8::1]/a'			'http://[2001:db8::1]/a' \
	    'localhost'				'http://localhost/' \
	    'LOCALHOST:3000/x'			'http://localhost:3000/x' \
	    ' \t example.com'			'http://example.com/' \
	    '例え.jp/パス'			'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9' \
	    'https://already.example/'		'https://already.example/' \
	    'mailto:a@b.c'			'mailto:a@b.c' \
	    'a:b'				'a:b' \
	    'example.com:x'			'example.com:x' \
	    '/path'				- \
	    './a'				- \
	    '//example.com/'			- \
	    'page'				- \
	    'example'				- \
	    'user@example.com'			- \
	    'not a url'				- \
	    'a..b'				- \
	    '.com'				- \
	    '[::1'				- \
	    'example.com:99999'			- \
	    '1.2.3.256'				- \
	    ''					-
	norm_table --default-scheme https --profile whatwg -- \
	    'example.com'	'https://example.com/' \
	    'example.com:443'	'https://example.com/' \
	    'example.com:80'	'https://example.com:80/'
	# without the option nothing changes, and the message points to it
	run --separate-stderr urlnorm <<<'example.com'
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "urlnorm: -:1: field 1: 'example.com' is not a URL: relative reference (no scheme), and no base URL (see --base, --base-field and --default-scheme)"
	run --separate-stderr urlnorm --default-scheme http <<<'page'
	assert_equal "$stderr" "urlnorm: -:1: field 1: 'page' is not a URL: relative reference (no scheme), and no base URL (nor a host for --default-scheme)"
}

# parts_table [OPTION...] -- URL WANT [URL WANT...]: each URL's fields
# from `urlnorm --parts LIST OPTION...` (the last option names LIST), the
# URL itself cut off; WANT has '|' between the fields.
parts_table() {
	local opts=() want="" got
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	: > in
	while [ $# -gt 0 ]; do
		printf '%s\n' "$1" >> in
		want+="$2"$'\n'
		shift 2
	done
	run --separate-stderr urlnorm "${opts[@]}" in
	assert_success
	assert_equal "$stderr" ""
	got=$(printf '%s\n' "$output" | awk -F '\t' -v OFS='|' '{ NF--; $1 = $1; print }')
	assert_equal "$got" "${want%$'\n'}"
}

@test "urlnorm: --parts: every part, in the order given, empty when the URL lacks it" {
	all=scheme,host,port,path,query,fragment,domain,suffix,subdomain,site
	parts_table --keep-fragment --parts "$all" -- \
	    'https://u:p@WWW.Example.co.uk:8443/a/b?q=1#f' \
	    'https|www.example.co.uk|8443|/a/b|q=1|f|example.co.uk|co.uk|www|https://www.example.co.uk:8443' \
	    'http://a.b.example.com./?x#' \
	    'http|a.b.example.com.|80|/|x||example.com|com|a.b|http://a.b.example.com.' \
	    'http://co.uk/'	'http|co.uk|80|/||||co.uk||http://co.uk' \
	    'http://10.0.0.1:8080/'	'http|10.0.0.1|8080|/||||||http://10.0.0.1:8080' \
	    'http://[::1]/x'	'http|[::1]|80|/x||||||http://[::1]' \
	    'http://localhost/'	'http|localhost|80|/||||localhost||http://localhost' \
	    'ws://a.example.org/' 'ws|a.example.org|80|/|||example.org|org|a|ws://a.example.org' \
	    'ftp://f.example.net/x' 'ftp|f.example.net|21|/x|||example.net|net|f|ftp://f.example.net' \
	    'foo://h.example.com:9/x' 'foo|h.example.com|9|/x||||||foo://h.example.com:9' \
	    'mailto:a@b.c'	'mailto|||a@b.c||||||' \
	    'file:///etc/x'	'file|||/etc/x||||||' \
	    'http://www.例え.jp/'	'http|www.xn--r8jz45g.jp|80|/|||xn--r8jz45g.jp|jp|www|http://www.xn--r8jz45g.jp'
	# the order given, a part twice; the host and the three PSL parts in
	# Unicode with --unicode-host
	parts_table --unicode-host --parts domain,host,domain,subdomain,suffix -- \
	    'http://a.www.例え.jp/'	'例え.jp|a.www.例え.jp|例え.jp|a.www|jp' \
	    'http://b.公司.cn/'		'b.公司.cn|b.公司.cn|b.公司.cn||公司.cn' \
	    'http://xn--mnchen-3ya.de/'	'münchen.de|münchen.de|münchen.de||de'
	# the parts go before the URL field; -a keeps the input after it, -H
	# names them
	printf 'id\turl\tn\n7\thttp://WWW.example.com/a\\\\b\t1\n' > rec
	run urlnorm -H -f 2 --parts domain,path rec
	assert_output 'id	domain	path	url	n
7	example.com	/a/b	http://www.example.com/a/b	1'
	run urlnorm -H -f 2 -a --parts host rec
	assert_output 'id	host	urlnorm	url	n
7	www.example.com	http://www.example.com/a/b	http://WWW.example.com/a\\b	1'
	# a backslash in a part is escaped, as in the URL
	printf 'foo://h/a\\\\b\n' > bs
	urlnorm --parts path bs > out
	assert_bytes out '/a\\\\b\tfoo://h/a\\\\b\n'
}

@test "urlnorm: --parts domain: every case of the Public Suffix List's own test file (--psl-private)" {
	[ -f "$PSLTEST" ] || fail "$PSLTEST: missing (apt-get install publicsuffix)"
	# checkPublicSuffix('HOST', 'WANT'); or null: one record "HOST TAB WANT"
	sed -n "s/^checkPublicSuffix('\([^']*\)', *\(null\|'\([^']*\)'\));.*/\1	\3/p" \
	    "$PSLTEST" > cases
	[ "$(wc -l < cases)" -eq 77 ] || fail "$(wc -l < cases) cases, not 77"
	# the Unicode cases want Unicode answers, the others ASCII ones
	LC_ALL=C grep -P '^[\x00-\x7f]*\t' cases > ascii || true
	LC_ALL=C grep -vP '^[\x00-\x7f]*\t' cases > unicode || true
	[ "$(wc -l < unicode)" -ge 8 ]
	for set in ascii unicode; do
		opt=()
		[ $set = unicode ] && opt=(--unicode-host)
		awk -F '\t' '{ print "http://" $1 "/" }' $set > urls
		urlnorm -q "${opt[@]}" --parts domain --psl-private urls |
		    cut -f1 > got || true
		cut -f2 $set > want
		# a host that is not one ("http://.com/" does parse) must not be
		# rejected: each line has its answer
		[ "$(wc -l < got)" -eq "$(wc -l < want)" ] || fail "$set: records rejected"
		paste $set got | awk -F '\t' '$2 != $3 { print "'$set': " $1 ": want \x27" $2 "\x27, got \x27" $3 "\x27"; bad = 1 } END { exit bad }' ||
		    fail "$(paste $set got | awk -F '\t' '$2 != $3')"
	done
}

@test "urlnorm: github.io and blogspot.com: suffixes only with --psl-private; --psl FILE" {
	printf '%s\n' https://foo.github.io/x http://a.b.blogspot.com/ http://www.example.com/ > urls
	run urlnorm --parts domain,suffix,subdomain urls
	assert_output 'github.io	io	foo	https://foo.github.io/x
blogspot.com	com	a.b	http://a.b.blogspot.com/
example.com	com	www	http://www.example.com/'
	run urlnorm --parts domain,suffix,subdomain --psl-private urls
	assert_output 'foo.github.io	github.io		https://foo.github.io/x
b.blogspot.com	blogspot.com	a	http://a.b.blogspot.com/
example.com	com	www	http://www.example.com/'
	# the text form of Debian's list gives what its DAFSA gives, with
	# and without the private section (the DAFSA answers most hosts by
	# the labels without deeper rules, the text form looks each one up)
	for priv in --psl-private ""; do
		urlnorm --parts domain,suffix,subdomain $priv "$URLDATA/kasztp-sample.txt" > dafsa
		urlnorm --parts domain,suffix,subdomain $priv \
		    --psl /usr/share/publicsuffix/public_suffix_list.dat "$URLDATA/kasztp-sample.txt" > text
		cmp dafsa text
		[ "$(cut -f1 dafsa | LC_ALL=C sort -u | wc -l)" -gt 100 ]
	done
	# a small list of our own: its rules and nothing else
	printf '%s\n' http://a.b.c.ck/ http://www.ck/ http://x.github.io/ http://a.b.example/ > urls
	run urlnorm --parts domain --psl "$URLDATA/psl/small.dat" urls
	assert_output 'b.c.ck	http://a.b.c.ck/
www.ck	http://www.ck/
github.io	http://x.github.io/
b.example	http://a.b.example/'
	run urlnorm --parts domain --psl "$URLDATA/psl/small.dat" --psl-private urls
	assert_output 'b.c.ck	http://a.b.c.ck/
www.ck	http://www.ck/
x.github.io	http://x.github.io/
b.example	http://a.b.example/'
}

@test "urlnorm: --json: input, result and parts as one JSON object a record" {
	printf '%s\n' 'https://u:p@www.例え.jp:81/a?b=1#c' 'not a url' 'mailto:a@b.c' > urls
	run --separate-stderr urlnorm --json urls
	assert_failure 1
	assert_output '{"input":"https://u:p@www.例え.jp:81/a?b=1#c","url":"https://u:p@www.xn--r8jz45g.jp:81/a?b=1","scheme":"https","host":"www.xn--r8jz45g.jp","port":81,"path":"/a","query":"b=1","domain":"xn--r8jz45g.jp","suffix":"jp","subdomain":"www","site":"https://www.xn--r8jz45g.jp:81"}
{"input":"mailto:a@b.c","url":"mailto:a@b.c","scheme":"mailto","path":"a@b.c"}'
	assert_equal "$stderr" "urlnorm: urls:2: field 1: 'not a url' is not a URL: relative reference (no scheme), and no base URL (see --base, --base-field and --default-scheme)"
	# --parts chooses the keys; --surt adds the key; the other fields,
	# unescaped, in "fields"; invalid UTF-8 becomes U+FFFD
	printf 'id 1\thttp://WWW.e.com/\xff\ta\\tb\n' > rec
	run urlnorm --json -f 2 --surt --parts domain,site rec
	assert_success
	assert_output '{"input":"http://WWW.e.com/�","url":"http://www.e.com/%FF","surt":"com,e,www)/%FF","domain":"e.com","site":"http://www.e.com","fields":["id 1","a\tb"]}'
	# every line is JSON that jq reads; -H: no header line
	printf 'url\n' > h
	cat "$URLDATA/kasztp-sample.txt" >> h
	urlnorm -H --json --default-scheme http h > out
	[ "$(wc -l < out)" -eq 2000 ]
	[ "$(jq -r .domain out | LC_ALL=C sort -u | wc -l)" -gt 100 ]
	[ "$(jq -c 'select(.url == null or .input == null)' out | wc -l)" -eq 0 ]
}

@test "urlnorm: bad input: a 100 KB host, 200 labels, non-UTF-8, lists that are not lists" {
	# a host of 100 KB is a host: its domain, without a second of work
	printf 'http://%s.example.com/\n' "$(head -c 100000 /dev/zero | tr '\0' a)" > big
	run timeout 20 urlnorm --parts domain,suffix,subdomain big
	assert_success
	[ "${#output}" -gt 200000 ]
	assert_equal "$(cut -f1,2 <<<"$output")" 'example.com	com'
	# 200 labels
	awk 'BEGIN { for (i = 0; i < 200; i++) printf "l%d.", i; print "co.uk" }' > many
	run --separate-stderr urlnorm --default-scheme http --parts domain,suffix,subdomain many
	assert_success
	assert_equal "$(cut -f1,2 <<<"$output")" 'l199.co.uk	co.uk'
	assert_equal "$(cut -f3 <<<"$output" | tr . '\n' | wc -l)" 199
	# non-UTF-8 bytes: rejected hosts, kept fields
	printf 'http://\xff\xfe.com/\n\xff.example.com\nhttp://e.com/\xfe\n' > nonutf
	run --separate-stderr urlnorm --default-scheme http --parts domain nonutf
	assert_failure 1
	assert_output 'e.com	http://e.com/%FE'
	assert_equal "$stderr" "urlnorm: nonutf:1: field 1: 'http://\\xff\\xfe.com/' is not a URL: invalid international domain name
urlnorm: nonutf:2: field 1: '\\xff.example.com' is not a URL: invalid international domain name"
	# a list that is not one: a clear message, status 2, no output
	head -c 4096 /dev/urandom > random.dat
	printf 'hello\nworld\n' > words.dat
	printf '// ===BEGIN ICANN DOMAINS===\ncom\n\xff\xfe\n' > latin1.dat
	awk 'BEGIN { printf "// ===BEGIN ICANN DOMAINS===\n"; for (i = 0; i < 300; i++) printf "a"; print "" }' > long.dat
	: > empty.dat
	mkdir dir.dat
	for f in random.dat words.dat latin1.dat long.dat empty.dat dir.dat nosuch.dat \
	    "$URLDATA/psl/badrule.dat" "$URLDATA/psl/emptylabel.dat"; do
		run --separate-stderr urlnorm --parts domain --psl "$f" <<<'http://a.b/'
		assert_failure 2
		assert_output ''
		[[ $stderr == "urlnorm: --psl: $f"* && $stderr != *$'\n'* ]] ||
			fail "$f: $stderr"
	done
	run --separate-stderr urlnorm --parts domain --psl words.dat <<<'http://a.b/'
	assert_equal "$stderr" "urlnorm: --psl: words.dat: not a Public Suffix List: no line '// ===BEGIN ICANN DOMAINS==='"
	run --separate-stderr urlnorm --parts domain --psl latin1.dat <<<'http://a.b/'
	assert_equal "$stderr" "urlnorm: --psl: latin1.dat:3: not a Public Suffix List: not UTF-8"
	run --separate-stderr urlnorm --parts domain --psl long.dat <<<'http://a.b/'
	assert_equal "$stderr" "urlnorm: --psl: long.dat:2: a line longer than 254 bytes, which libpsl cannot read"
	run --separate-stderr urlnorm --json --psl nosuch.dat <<<'http://a.b/'
	assert_equal "$stderr" "urlnorm: --psl: nosuch.dat: No such file or directory"
	# a list that no part needs is not read
	run urlnorm --parts host,site <<<'http://a.b/'
	assert_success
}

@test "urlnorm: --default-scheme, --parts, --json, --psl: usage errors" {
	run --separate-stderr urlnorm --default-scheme ftp
	assert_usage_error "--default-scheme: 'ftp' is not http or https"
	run --separate-stderr urlnorm --default-scheme http --base http://a/
	assert_usage_error '--default-scheme and --base exclude each other'
	run --separate-stderr urlnorm --default-scheme http -f 2 --base-field 1
	assert_usage_error '--default-scheme and --base-field exclude each other'
	run --separate-stderr urlnorm --parts host,Domain
	assert_usage_error "--parts: 'Domain' is not a part (scheme, host, port, path, query, fragment, domain, suffix, subdomain or site)"
	run --separate-stderr urlnorm --parts host,
	assert_usage_error "--parts: '' is not a part (scheme, host, port, path, query, fragment, domain, suffix, subdomain or site)"
	run --separate-stderr urlnorm --json -a
	assert_usage_error '-a and --json exclude each other (the JSON object has the input)'
	run --separate-stderr urlnorm --psl x.dat
	assert_usage_error '--psl: only with --parts domain, suffix or subdomain, or --json'
	run --separate-stderr urlnorm --parts host --psl-private
	assert_usage_error '--psl-private: only with --parts domain, suffix or subdomain, or --json'
}

# --- the record conventions ---------------------------------------------------

@test "urlnorm: -H header, escapes, CRLF, NUL, invalid UTF-8, empty input, no final LF" {
	printf 'url\tn\nhttp://E.com/\t1\n' > h
	run urlnorm -H h
	assert_output 'url	n
http://e.com/	1'
	run urlnorm -H -a h
	assert_output 'urlnorm	url	n
http://e.com/	http://E.com/	1'
	run urlnorm -H --surt h
	assert_output 'surt	n
com,e)/	1'
	# TAB, LF and CR escapes are removed as the standard removes them; a
	# backslash is one, and one in the output is escaped again
	printf '%s\n' 'http://e.com/a\tb\nc\rd' 'http://e.com\\x\\y' 'foo://e.com/x\\y' \
	    'foo:a\b' > esc
	printf 'http://e.com/\0x\r\nhttp://e.com/\xff\xc3(?\xfe\nhttp://\xff.com/\n\nhttp://last/' > ugly
	urlnorm esc > out
	assert_bytes out 'http://e.com/abcd\nhttp://e.com/x/y\nfoo://e.com/x\\\\y\nfoo:a\\\\b\n'
	run --separate-stderr urlnorm ugly
	assert_failure 1
	printf '%s\n' "$output" > out
	assert_bytes out 'http://e.com/%%00x\nhttp://e.com/%%FF%%C3(?%%FE\nhttp://last/\n'
	assert_equal "$stderr" "urlnorm: ugly:3: field 1: 'http://\\xff.com/' is not a URL: invalid international domain name
urlnorm: ugly:4: field 1: '' is not a URL: empty"
	: > empty
	run urlnorm empty
	assert_success
	assert_output ''
}

@test "urlnorm: write errors, closed pipes, usage errors" {
	run bash -c 'printf "http://e.com/\n" | urlnorm > /dev/full'
	assert_failure 2
	assert_output 'urlnorm: write error: No space left on device'
	run bash -c 'yes http://e.com/ | head -100000 | urlnorm | head -1; echo "${PIPESTATUS[2]}"'
	assert_output 'http://e.com/
141'
	run --separate-stderr urlnorm --profile strict
	assert_usage_error "--profile: 'strict' is not a profile (whatwg, rfc3986, safe or aggressive)"
	run --separate-stderr urlnorm --profile whatwg --strip-www
	assert_usage_error '--strip-www: only with --profile safe or aggressive'
	run --separate-stderr urlnorm --drop-param x --profile rfc3986
	assert_usage_error '--drop-param: only with --profile safe or aggressive'
	run --separate-stderr urlnorm --base http://a/ --base-field 2
	assert_usage_error '--base and --base-field exclude each other'
	run --separate-stderr urlnorm --base 'http://a:x/'
	assert_usage_error "--base: 'http://a:x/' is not a URL: invalid port"
	run --separate-stderr urlnorm -f 2 --base-field 2
	assert_usage_error '--base-field: the base cannot be the URL field itself (2)'
	run --separate-stderr urlnorm --keep-fragment=all
	assert_usage_error "--keep-fragment: 'all' is not 'routing' (or nothing)"
	run --separate-stderr urlnorm --drop-param '*'
	assert_usage_error "--drop-param: '*' is not a parameter name (NAME, or PREFIX* for every name that starts with PREFIX)"
	run --separate-stderr urlnorm --drop-params-file nosuch
	assert_failure 2
	assert_equal "$stderr" 'urlnorm: --drop-params-file: nosuch: No such file or directory'
	run --separate-stderr urlnorm -f 0
	assert_usage_error "-f: '0' is not a field number (1 is the first, -1 the last)"
}

@test "urlnorm: --help names every option; --version" {
	run urlnorm --help
	assert_success
	for opt in -f -a --profile --base --base-field --surt --unicode-host \
	    --keep-fragment --keep-fragment=routing --no-sort --drop-param \
	    --drop-params-file --keep-param --no-default-drops --extended-drops \
	    --strip-www --strip-session-ids --strip-trailing-slash --strip-index \
	    --collapse-slashes --strip-userinfo --strip-trailing-dot --force-https \
	    --default-scheme --parts --json --psl --psl-private \
	    --rejects --max-record -H -q -v; do
		[[ $output == *" $opt "* || $output == *" $opt,"* ]] ||
			fail "--help does not mention $opt"
	done
	run urlnorm --version
	assert_success
	assert_line --index 0 'urlnorm (crawlutils) 0.1.0'
	assert_line --regexp '^libpsl [0-9]'
	assert_output --partial 'ICU '
}

# --- properties on real URLs ---------------------------------------------------

@test "urlnorm: idempotent on 2,000 real URLs under every profile; whatwg href re-parses to itself" {
	for p in whatwg rfc3986 safe aggressive; do
		urlnorm --profile "$p" "$URLDATA/kasztp-sample.txt" > "once.$p"
		urlnorm --profile "$p" "once.$p" > "twice.$p"
		cmp "once.$p" "twice.$p" || fail "profile $p is not idempotent"
		[ "$(wc -l < "once.$p")" -eq 2000 ]
	done
	urlnorm --profile aggressive --unicode-host --force-https --extended-drops \
	    --keep-fragment=routing "$URLDATA/kasztp-sample.txt" > once
	urlnorm --profile aggressive --unicode-host --force-https --extended-drops \
	    --keep-fragment=routing once > twice
	cmp once twice
	# the policy changes some of them, and the URLs stay distinct pages
	[ "$(diff "$URLDATA/kasztp-sample.txt" once.safe | grep -c '^>')" -gt 20 ]
}
