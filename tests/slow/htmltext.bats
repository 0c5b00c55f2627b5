# htmltext on large inputs (make check-slow, normal build only): pages of
# tens of MB, deep nesting, and memory that does not grow from document to
# document.
load ../helper

BENCH="$CRAWLUTILS_BIN/../bench"

@test "htmltext: a 50 MB page keeps all its text, to the last paragraph" {
	awk 'BEGIN {
	    print "<html><head><title>Big</title></head><body><div class=\"post-content\">"
	    for (i = 0; size < 50 * 1024 * 1024; i++) {
	        line = sprintf("<p>Paragraph %d of the big page, with words enough to be one.</p>", i)
	        print line; size += length(line) + 1
	    }
	    print "<p>The last paragraph of the big page.</p></div></body></html>"
	    print i > "count" }' > big.html
	[ "$(stat -c %s big.html)" -gt 52000000 ]
	htmltext --plain big.html > out
	assert_equal "$(tail -1 out)" "The last paragraph of the big page."
	assert_equal "$(grep -c '^Paragraph [0-9]* of the big page' out)" "$(cat count)"
}

@test "htmltext: a text node of 20 MB is not cut at 10 MB" {
	{ printf '<html><body><p>'; head -c 20000000 /dev/zero | tr '\0' a; printf ' the end</p></body></html>'; } > node.html
	htmltext --plain node.html > out
	assert_equal "$(tail -c 9 out)" " the end"
	[ "$(stat -c %s out)" -gt 20000000 ]
}

@test "htmltext: 200,000 nested elements keep their text" {
	{ printf '<html><body>'; printf '<div>%.0s' $(seq 200000); printf '<p>The text at the bottom of the nest.</p>'
	  printf '</div>%.0s' $(seq 200000); printf '</body></html>'; } > deep.html
	run htmltext deep.html
	assert_success
	assert_output 'deep.html		The text at the bottom of the nest.'
}

@test "htmltext: memory does not grow from document to document" {
	mkdir gen
	"$BENCH/htmlgen" gen 20
	/usr/bin/time -f %M -o rss10 htmltext $(ls gen/*.html | head -10) > /dev/null
	/usr/bin/time -f %M -o rssall htmltext gen/*.html > out
	assert_equal "$(wc -l < out)" 1280
	# the largest page sets the size of the buffers; a leak would add up
	[ "$(cat rssall)" -lt "$(( $(cat rss10) + 4000 ))" ]
}

@test "htmltext: a listing of 100,000 cards keeps every card (page types, groups of cards, step 5 in linear time)" {
	awk 'BEGIN {
	    print "<html><head><title>Cards</title></head><body><h1>All the tools</h1><div class=\"grid\">"
	    for (i = 0; i < 100000; i++)
	        printf "<div class=\"card\"><h3><a href=\"/t/%d\">Tool number %d of the shop</a></h3><p>Card %d tells what the tool does.</p><a href=\"/cart/%d\">Add to the cart</a></div>\n", i, i, i, i
	    print "</div></body></html>" }' > cards.html
	# a quadratic step would take hours here: the guard is generous
	timeout 900 htmltext --meta cards.html > out
	assert_equal "$(cut -f 7 out)" listing
	cut -f 8 out | sed 's/\\n/\n/g' > text
	assert_equal "$(grep -c '^Card [0-9]* tells what the tool does.$' text)" 100000
	assert_equal "$(grep -c '^Tool number [0-9]* of the shop$' text)" 100000
}
