# htmltext --markdown: CommonMark with GitHub's tables, read back with a
# real parser (cmark-gfm): its text must be the flat text of the same page,
# block for block (tests/mdtext.py turns cmark-gfm's HTML into lines as
# htmltext writes them).
bats_require_minimum_version 1.5.0
load helper

PROG=htmltext
D=$DATA/htmlmarkdown
MDTEXT="$BATS_TEST_DIRNAME/mdtext.py"

# same_text FILE [OPTION...]: --markdown of FILE renders to its flat text
same_text() {
	local f=$1
	shift
	htmltext --plain "$f" | tail -n +3 > flat
	htmltext --plain --markdown "$@" "$f" | tail -n +3 > md
	cmark-gfm --unsafe -e table md | python3 "$MDTEXT" > back
	cmp -s flat back || fail "$f: $(diff flat back | head -10)"
}

@test "htmlmarkdown: headings, emphasis, code, links, images, lists, quotes, fences, tables, escapes" {
	run --separate-stderr htmltext --plain --markdown --links --images -u https://example.com/a/page.html "$D/blocks.html"
	assert_success
	assert_equal "$stderr" ""
	assert_output - <<'EOF2'
Main title

First paragraph with *emphasis*, **strong words** and `x = a*b` and a [link here](https://example.com/link) ![a \*pic\*](https://example.com/a/pic.png).

## Second level

Special chars: \* \_ \[x\] \<tag\> \& \# \~ \| backslash \\ end.

- Item one is here
- Item two with **bold**
  - Nested item text

1. First step here
2. Second step here

> A quoted paragraph of some length.

```python
def f(x):
    return x * 2
```

| Name | Value |
| --- | --- |
| alpha one | 1 \| 2 |
| beta two | line<br>break |

1\. Not a list but a sentence that starts with a number.

\- Not a list item either, just a dash line.
EOF2
	# cmark-gfm reads it as meant: levels, a table, a fenced block, a list
	htmltext --markdown -u https://example.com/a/page.html --links "$D/blocks.html" | cut -f3 |
	    sed 's/\\n/\n/g; s/\\\\/\\/g' | cmark-gfm -e table > out.html
	grep -q '<h2>Second level</h2>' out.html || fail "no h2: $(cat out.html)"
	grep -q '<th>Name</th>' out.html || fail "no table"
	grep -q '<code class="language-python">' out.html || fail "no fence"
	grep -q '<a href="https://example.com/link">link here</a>' out.html || fail "no link"
	grep -q '<ol>' out.html || fail "no ordered list"
	same_text "$D/blocks.html"
	same_text "$D/blocks.html" --links
}

@test "htmlmarkdown: every test page renders back to its flat text" {
	for f in "$DATA"/htmltext/*.html "$DATA"/htmltext/readability/*/source.html \
	    "$DATA"/htmlmeta/*.html "$D"/*.html; do
		same_text "$f" --links
	done
}

@test "htmlmarkdown: the text JSON-LD supplies opens the Markdown too, escaped" {
	# the product's description is only in its JSON-LD: the flat text
	# opens with it, and so must the Markdown (it was left out)
	run --separate-stderr htmltext --plain --markdown "$D/jsonld-text.html"
	assert_success
	assert_line --index 1 'A kettle of blue steel that boils a litre in three minutes. \*Stainless\* lid, 2 kW element, cord store under the base.'
	assert_line --index 2 'Price: 30 euros. In stock and ready to ship today from our warehouse.'
	same_text "$D/jsonld-text.html"
}

@test "htmlmarkdown: emphasis markers only where CommonMark reads them; a code span with backticks" {
	printf '<p>Word<em>(punctuated)</em>word and <b> spaced </b>and <i>a</i><i>b</i> and <code>a`b</code> here.</p>' > e.html
	htmltext --plain --markdown e.html | tail -n +3 > out
	assert_bytes out 'Word(punctuated)word and **spaced** and *a*b and ``a`b`` here.\n'
	same_text e.html
}

@test "htmlmarkdown: with --json the text is the Markdown; usage errors" {
	htmltext --json --markdown "$D/blocks.html" | jq -r .text > got
	htmltext --plain --markdown "$D/blocks.html" | tail -n +3 > want
	cmp want got
	run --separate-stderr htmltext --links x.html
	assert_usage_error "--links and --images need --markdown"
	run --separate-stderr htmltext --images --plain x.html
	assert_usage_error "--links and --images need --markdown"
}
