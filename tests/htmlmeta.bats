# htmltext's metadata and JSON Lines: --json, --fields, the sources and
# their precedence, the language, dates.  Fixtures in tests/data/htmlmeta.
# JSON is read back with jq and Python's json, as its users read it.
bats_require_minimum_version 1.5.0
load helper

PROG=htmltext
D=$DATA/htmlmeta
URL=https://blog.example.org/2025/05/tide-pools.html
# the time of the run, for "a date after now is no date": 2025-12-01
export SOURCE_DATE_EPOCH=1764547200

# json_ok FILE: every line is one JSON object, to jq and to Python
json_ok() {
	jq -e -s 'all(type == "object")' "$1" > /dev/null ||
	    fail "jq cannot read $1: $(head -c 300 "$1")"
	python3 -c 'import json, sys
for n, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    o = json.loads(line)
    assert isinstance(o, dict) and isinstance(o["id"], str) and \
        isinstance(o["text"], str), n' "$1" || fail "python3 cannot read $1"
}

@test "htmlmeta: --json: one object a page with every field the page gives, from JSON-LD first" {
	run --separate-stderr htmltext --json -u "$URL" "$D/article.html"
	assert_success
	assert_equal "$stderr" ""
	echo "$output" > out
	json_ok out
	run jq -r '[.id, .url, .title, .author, .date, .modified, .sitename,
	    .description, .language, (.languages | keys | join(",")), .canonical,
	    .image, .tags, .categories, .type, .license, .encoding,
	    .encoding_method] | join("|")' out
	# the JSON-LD authors (one by @id), not <meta name=author>; its
	# datePublished, not the <time> of the byline; links made absolute;
	# og:type before the JSON-LD @type; article:tag before keywords
	assert_output "$URL|$URL|Tide pools at low water|Ann Lee; Bo Chen|2025-05-03T08:30:00+01:00|2025-05-20|Harbour Notes|What lives in the rock pools of the harbour, and when to see it.|en|en|https://blog.example.org/2025/05/tide-pools.html|https://blog.example.org/img/pools.jpg|tide pools; Coast|Nature|article|https://creativecommons.org/licenses/by/4.0/|UTF-8|meta"
	# the text is the flat text of the default output
	htmltext -u "$URL" "$D/article.html" | cut -f3 > want
	jq -r .text out | awk 'BEGIN { ORS = "\\n" } { print }' | sed 's/\\n$//' > got
	echo >> got
	cmp want got
	# keys without a value are left out: no comments
	run jq -r 'keys | join(" ")' out
	assert_output "author canonical categories date description encoding encoding_method id image language languages license modified pagetype sitename tags text title type url"
	run jq -r .pagetype out
	assert_output article
}

@test "htmlmeta: --json: several pages, one line each; datatrove's and dolma's keys" {
	htmltext --json "$D"/*.html > out
	json_ok out
	assert_equal "$(wc -l < out)" "$(ls "$D"/*.html | wc -l)"
	run jq -r .id out
	assert_output "$(ls "$D"/*.html)"
	# the man page's dolma conversion (its program, read from the page)
	prog=$(sed -n "/jq -c 'select/,/metadata: del/p" "$BATS_TEST_DIRNAME/../man/htmltext.1" |
	    sed "s/.*jq -c '//; s/'\$//; s/\\\\(/(/g" | tr '\n' ' ')
	[[ $prog == 'select(.language == "de") |'* ]] || fail "no jq program in the man page: $prog"
	jq -c "${prog/\"de\"/\"en\"}" out > dolma
	run jq -r 'select(.id | endswith("article.html")) | [.source, .created,
	    .metadata.title, (.added | test("^20[0-9][0-9]-"))] | join("|")' dolma
	assert_output "htmltext|2025-05-03T08:30:00+01:00|Tide pools at low water|true"
}

@test "htmlmeta: --fields: the fields asked for between TITLE and TEXT, in that order" {
	run --separate-stderr htmltext --fields date,author,language,pagetype,sitename -u "$URL" "$D/article.html"
	assert_success
	echo "$output" > out
	assert_equal "$(awk -F'\t' '{ print NF }' out)" 8
	run cut -f1-7 out
	assert_output "$URL	Tide pools at low water	2025-05-03T08:30:00+01:00	Ann Lee; Bo Chen	en	article	Harbour Notes"
	# the same text as without --fields
	htmltext -u "$URL" "$D/article.html" | cut -f3 > want
	cut -f8 out > got
	cmp want got
	# with --meta: its five fields first
	htmltext --meta "$D/article.html" | cut -f3-7 > want
	htmltext --meta --fields languages "$D/article.html" > out
	cut -f3-7 out | cmp want -
	cut -f8 out > got
	assert_bytes got 'en:99\n'
	# a field named twice is written twice
	htmltext --fields type,type "$D/article.html" | cut -f3,4 > out
	assert_bytes out 'article\tarticle\n'
}

@test "htmlmeta: usage errors" {
	run --separate-stderr htmltext --fields author,colour x.html
	assert_usage_error "--fields: unknown field 'colour'"
	run --separate-stderr htmltext --fields '' x.html
	assert_usage_error "--fields: unknown field ''"
	run --separate-stderr htmltext --json --plain x.html
	assert_usage_error "--json cannot be combined with --plain, --meta or --fields"
	run --separate-stderr htmltext --json --fields date x.html
	assert_usage_error "--json cannot be combined with --plain, --meta or --fields"
	run --separate-stderr htmltext --plain --fields date x.html
	assert_usage_error "--plain and --fields cannot be combined"
}

@test "htmlmeta: broken JSON-LD is repaired or skipped, the page still extracted; <meta> and bylines" {
	run --separate-stderr htmltext --json "$D/broken.html"
	assert_success
	assert_equal "$stderr" ""
	echo "$output" > out
	json_ok out
	# the escaped block gives the type; the one with ",," and a raw
	# newline its description; "Von " cut from the author; a German date
	run jq -r '[.title, .author, .date, .type, .description, .language] | join("|")' out
	assert_output "Der Hafen im Winter|Max Mustermann|2024-03-12|NewsArticle|line one line two|de"
	run jq -r .text out
	assert_output --partial "Im Winter liegen die Fischerboote"
	# no JSON-LD, no <meta>: the byline's link to the author's page, the
	# date the page shows, the site cut from the <title>
	htmltext --fields author,date "$D/byline.html" | cut -f2-4 > out
	assert_bytes out 'The night ferry returns\tJane Roe\t2024-03-12\n'
}

@test "htmlmeta: dates: before 1995, after now or in year 99999 are no dates; the next source is taken" {
	page() {
		printf '<html><head>%s</head><body><article><h1>T</h1><p>%s</p></article></body></html>' "$1" \
		    'A paragraph long enough to be the text of the page, with some words.'
	}
	page '<meta property="article:published_time" content="2026-03-01"><meta name="date" content="2024-02-29">' > a.html
	page '<meta property="article:published_time" content="99999-01-01"><meta name="dc.date" content="1994-12-31">' > b.html
	page '<script type="application/ld+json">{"@type":"Article","datePublished":1710201600}</script>' > c.html
	page '<meta name="pubdate" content="Tue, 12 Mar 2024 10:30:00 +0100">' > d.html
	page '<meta name="date" content="2024年3月12日">' > e.html
	htmltext --fields date a.html b.html c.html d.html e.html | cut -f1,3 > out
	assert_bytes out 'a.html\t2024-02-29\nb.html\t\nc.html\t2024-03-12T00:00:00+00:00\nd.html\t2024-03-12T10:30:00+01:00\ne.html\t2024-03-12\n'
	# SOURCE_DATE_EPOCH moves now
	SOURCE_DATE_EPOCH=1790000000 htmltext --fields date a.html | cut -f3 > out
	assert_bytes out '2026-03-01\n'
}

@test "htmlmeta: language: CLD2 on the text; Chinese, Japanese, Korean; GBK after decoding; und when it cannot say" {
	htmltext --fields language,languages "$D/zh.html" "$D/ja.html" "$D/ko.html" "$D/broken.html" | cut -f1,3,4 > out
	assert_bytes out '%s\tzh\tzh:99\n%s\tja\tja:99\n%s\tko\tko:99\n%s\tde\tde:99\n' \
	    "$D/zh.html" "$D/ja.html" "$D/ko.html" "$D/broken.html"
	iconv -f UTF-8 -t GBK "$D/zh.html" | sed 's/charset=utf-8//' |
	    htmltext --fields language,encoding,encoding_method | cut -f3- | cut -f1-3 > out
	assert_bytes out 'zh\tgb18030\tdetector\n'
	# other scripts; Hebrew as "he", not CLD2's withdrawn "iw"
	while IFS='|' read -r want text; do
		printf '<html><body><p>%s</p></body></html>' "$text" > s.html
		run htmltext --fields language s.html
		assert_output "s.html		$want	$text"
	done <<-'EOF2'
	ru|Москва является столицей России и крупнейшим городом страны. В городе живут более двенадцати миллионов человек, и каждый день сюда приезжают туристы.
	ar|القاهرة هي عاصمة جمهورية مصر العربية وأكبر مدنها، وتقع على ضفاف نهر النيل. يعيش فيها ملايين الناس ويزورها السياح من كل مكان.
	he|ירושלים היא עיר הבירה של ישראל והעיר הגדולה ביותר במדינה. בעיר חיים כמעט מיליון תושבים והיא מרכז חשוב לשלוש דתות.
	el|Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και μία από τις αρχαιότερες πόλεις του κόσμου. Κάθε χρόνο την επισκέπτονται εκατομμύρια τουρίστες.
	hi|नई दिल्ली भारत की राजधानी है और यह देश के सबसे बड़े शहरों में से एक है। यहाँ हर साल लाखों पर्यटक घूमने आते हैं।
	th|กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทยและเป็นเมืองที่ใหญ่ที่สุดในประเทศ มีนักท่องเที่ยวจำนวนมากเดินทางมาทุกปี
	EOF2
	# two words say nothing: und, whatever <html lang> claims
	printf '<html lang="fr"><body><p>Hello there</p></body></html>' | htmltext --fields language | cut -f3 > out
	assert_bytes out 'und\n'
	# and a page with no title of any kind, no text
	printf '<html><body></body></html>' | htmltext --json | jq -c . > out
	assert_bytes out '{"id":"-","language":"und","encoding":"UTF-8","encoding_method":"utf8","text":""}\n'
	# a text of two languages: both, with their shares
	{ printf '<html><body>'; sed -n '/^<p>Twice/,/^<p>The best/p' "$D/article.html"
	  sed -n '/^<p>Im Winter/,/<\/p>/p' "$D/broken.html"; printf '</body></html>'; } > mixed.html
	run htmltext --fields languages mixed.html
	assert_output --regexp $'\t(en:[0-9]+,de:[0-9]+|de:[0-9]+,en:[0-9]+)\t'
}

@test "htmlmeta: write errors and closed pipes as everywhere" {
	run --separate-stderr bash -c "htmltext --json '$D/article.html' > /dev/full"
	assert_failure 2
	assert_equal "$stderr" "htmltext: write error: No space left on device"
	run --separate-stderr bash -c "htmltext --json $(printf "'$D/article.html' %.0s" $(seq 300)) | head -1 | jq -r .title"
	assert_success
	assert_output "Tide pools at low water"
	assert_equal "$stderr" ""
}

@test "htmlmeta: crawlutils(7)'s jq makes records of JSON Lines: the same digests as the TSV" {
	prog=$(mandoc -Tascii "$BATS_TEST_DIRNAME/../man/crawlutils.7" | col -b |
	    sed -n "/jq -r '\[.id/,/sha256text/p" | tr -d '\n' |
	    sed "s/.*jq -r '//; s/' | sha256text.*//")
	[[ $prog == '[.id, (.text |'* ]] || fail "no jq program in crawlutils(7): $prog"
	# a text with a backslash, a TAB in a <pre> and several lines
	printf '<html><body><p>Back\\slash and a line long enough here.</p><pre>a\tb</pre><p>Another paragraph of the text.</p></body></html>' > bs.html
	htmltext --json "$D"/*.html bs.html | jq -r "$prog" | sha256text > got
	htmltext "$D"/*.html bs.html | sha256text | cut -f1,3 > want
	cmp want got
	assert_equal "$(wc -l < got)" 7
}

@test "htmlmeta: --comments: the comment section pruned by step 4, one comment a line, COMMENTS before TEXT" {
	f=$DATA/htmltext/long-comments.html
	htmltext --comments "$f" > out
	assert_equal "$(awk -F'\t' '{ print NF }' out)" 4
	# the text is what it is without the option
	htmltext "$f" | cut -f3 > want
	cut -f4 out | cmp want -
	cut -f3 out | sed 's/\\n/\n/g' > comments
	assert_equal "$(wc -l < comments)" 30
	run sed -n '1p;30p' comments
	assert_line --index 0 'user1 2 days ago Comment number 1 says something long enough to be a paragraph of its own, and then a little more. Reply'
	assert_line --index 1 --partial 'user30 2 days ago Comment number 30 '
	# in JSON, "comments"; a page without comments has no such key
	htmltext --json --comments "$f" "$D/article.html" > out.json
	json_ok out.json
	run jq -r '.comments // "none" | split("\n") | length' out.json
	assert_output $'30\n1'
	run jq -r '.comments // "none"' out.json
	assert_line --index 30 none
	# with --fields: the fields, then COMMENTS, then TEXT
	htmltext --fields language --comments "$f" | cut -f3,5 > out
	assert_equal "$(cut -f1 out)" en
	cut -f2 out | cmp want -
	run --separate-stderr htmltext --plain --comments "$f"
	assert_usage_error "--plain and --comments cannot be combined"
}

# title_page TITLE HEAD H1: a page of an article under an h1, to stdout
title_page() {
	printf '<!doctype html><html lang=en><head><title>%s</title>%s</head><body><article><h1>%s</h1><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish that did not make it back to deeper water in time.</p><p>Walk out an hour before low water and you will have the best of it, with the pools at their clearest.</p></article></body></html>' "$1" "$2" "$3"
}

@test "htmlmeta: title: the candidate most sources agree on; a slogan h1 loses a tie to the <title>, unless the JSON-LD headline is the h1" {
	og() { printf '<meta property="og:title" content="%s">' "$1"; }
	export -f title_page
	while IFS='|' read -r title head h1 want; do
		run bash -c 'title_page "$1" "$2" "$3" | htmltext --json | jq -r .title' \
		    - "$title" "$head" "$h1"
		assert_success
		assert_equal "$output" "$want"
	done <<-EOT
	Cybersecurity Consulting : Acme|$(og 'Cybersecurity Consulting : Acme')|Elevate maturity and move to ready|Cybersecurity Consulting
	Cybersecurity Consulting : Acme|$(og 'Cybersecurity Consulting : Acme')<script type="application/ld+json">{"@type":"Article","headline":"Elevate maturity and move to ready"}</script>|Elevate maturity and move to ready|Elevate maturity and move to ready
	Best Office Chairs for Back Pain : VSI|$(og 'Best Office Chairs for Back Pain : VSI')|Best Office Chairs to Prevent Back Pain|Best Office Chairs to Prevent Back Pain
	Foo bar baz : Site|$(og 'Quux corge grault')|Quux corge grault|Quux corge grault
	Gym Workouts for Beginners - Gold's Gym||Gym Workouts for Beginners - Strength Training|Gym Workouts for Beginners
	Middleware - Django documentation||Middleware<a class=headerlink href=#m>¶</a>|Middleware
	Hakutsuru - SakeOne||Japan Top-Selling Sake Brand|Japan Top-Selling Sake Brand
	EOT
	# an h1 outside the text (in the banner) stands in for the headline
	run bash -c "printf '%s' '<title>Tide pools at low water : Harbour Notes</title><header><h1>Tide pools at low water, a guide</h1></header><article><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish.</p></article>' | htmltext --json | jq -r .title"
	assert_success
	assert_output "Tide pools at low water, a guide"
	# its text runs on across inline elements (a drop cap, a footnote
	# sign after a space), not across blocks, nor where a span set as a
	# block by the style sheet puts a capital after a lower-case letter
	while IFS='^' read -r h1 want; do
		run bash -c 'printf "<header><h1>%s</h1></header><article><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish.</p></article>" "$1" | htmltext --json | jq -r .title' - "$h1"
		assert_success
		assert_equal "$output" "$want"
	done <<-'EOT'
	Tide <span class=cap>p</span>ools at low water^Tide pools at low water
	The 5<sup>th</sup> tide<span>,</span> at low water^The 5th tide, at low water
	潮<span>池</span>^潮池
	Tide pools<br>at low water^Tide pools at low water
	Tide pools<div>at low water</div>^Tide pools at low water
	Tide Pools<span class=block>Walking the coast</span>^Tide Pools Walking the coast
	Tide pools<sup>*</sup>^Tide pools *
	EOT
}

@test "htmlmeta: title: a <title> whose name is a heading of the text beats an h1 that names the section" {
	page='<html><head><title>Babies Who Eat Peanuts Early May Avoid Allergy | Health News</title></head><body><h1>Allergies Health Center</h1><div id="text"><h2>Babies Who Eat Peanuts Early May Avoid Allergy</h2><p>Infants at high risk of a peanut allergy were far less likely to develop one by the age of five when they ate peanut foods regularly from their first year.</p><p>The study followed several hundred children, and the researchers say the advice to parents may now change.</p></div></body></html>'
	run bash -c 'printf "%s" "$1" | htmltext --json | jq -r .title' - "$page"
	assert_success
	assert_output 'Babies Who Eat Peanuts Early May Avoid Allergy'
	# without that heading in the text the h1 keeps it
	run bash -c 'printf "%s" "${1/<h2>*<\/h2>/}" | htmltext --json | jq -r .title' - "$page"
	assert_success
	assert_output 'Allergies Health Center'
}

@test "htmlmeta: title: on a service page or a forum the <title> wins a tie with the h1" {
	export -f title_page
	ld='<script type="application/ld+json">{"@type":"ProfessionalService","name":"Acme"}</script>'
	while IFS='^' read -r head h1 want; do
		run bash -c 'title_page "Progressive Web App Development Company | Acme" "$1" "$2" | htmltext --json | jq -r .title' \
		    - "$head" "$h1"
		assert_success
		assert_equal "$output" "$want"
	done <<-EOT
	$ld<meta property="og:title" content="Progressive Web App Development Company | Acme">^Progressive web app development company you can count on^Progressive Web App Development Company
	<meta property="og:title" content="Progressive Web App Development Company | Acme">^Progressive web app development company you can count on^Progressive web app development company you can count on
	EOT
}

@test "htmlmeta: title: invisible characters are dropped (bidi embeddings, soft hyphen, an icon font's glyph)" {
	export -f title_page
	run bash -c "title_page 'Tide pools' '' \"\$(printf '\xe2\x80\xaaTide \xef\x83\x81 pools at low wa\xc2\xadter\xe2\x80\xac')\" | htmltext --json | jq -r .title"
	assert_success
	assert_output "Tide pools at low water"
}

@test "htmlmeta: title: an og:title the <title> frames (\"Site: Headline\") is backed by the <title>" {
	export -f title_page
	while IFS='^' read -r title head want; do
		run bash -c 'title_page "$1" "$2" "" | htmltext --json | jq -r .title' \
		    - "$title" "$head"
		assert_success
		assert_equal "$output" "$want"
	done <<-'EOT'
	Harbour Notes: Tide pools at low water^<meta property="og:title" content="Tide pools at low water">^Tide pools at low water
	Tide Pools - Walking the Coast at Low Water^<meta property="og:title" content="Tide Pools">^Tide Pools
	Tide pools at low water | Harbour Notes^<meta property="og:title" content="Harbour Notes"><meta property="og:site_name" content="Harbour Notes">^Tide pools at low water
	EOT
}

@test "htmlmeta: title: a <title>'s first word is its name, not a site's, when the page's first h1 says it" {
	export -f title_page
	while IFS='^' read -r title h1 want; do
		run bash -c 'title_page "$1" "<meta property=\"og:title\" content=\"$1\">" "$2" | htmltext --json | jq -r .title' \
		    - "$title" "$h1"
		assert_success
		assert_equal "$output" "$want"
	done <<-'EOT'
	Kayaks | Harbour Outfitters Online^Kayaks^Kayaks
	Flexbox - Learn web development | Harbour Docs^Flexbox^Flexbox
	Harbour | Tide pools at low water^^Tide pools at low water
	EOT
}

@test "htmlmeta: title: the text of the first h1 leaves out a heading inside it (an h1 left open before the byline's h3)" {
	run bash -c "printf '%s' '<title>Tide pools at low water | Harbour Notes</title><meta property=\"og:title\" content=\"Tide pools at low water | Harbour Notes\"><body><article><h1>Tide pools at low water<div class=\"divider\"></div><h3>Posted on July 1, 2024 by Ann Lee</h3></div><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish that did not make it back to deeper water in time.</p><p>Walk out an hour before low water and you will have the best of it, with the pools at their clearest.</p></article></body>' | htmltext --json | jq -r .title"
	assert_success
	assert_output "Tide pools at low water"
}

@test "htmlmeta: title: an h1 that is a label of the page's host name is the site's logo, not the headline" {
	export -f title_page
	while IFS='^' read -r url h1 want; do
		run bash -c 'printf "%s\t%s\n" "$1" "$(title_page "Tide pools at low water / Walks / Harbour Notes Forums" "" "$2")" | htmltext --tsv --json | jq -r .title' \
		    - "$url" "$h1"
		assert_success
		assert_equal "$output" "$want"
	done <<-'EOT'
	https://bbs.harbournotes.org/viewtopic.php?id=7^Harbour Notes^Tide pools at low water
	https://harbour-notes.org/t/7^Harbour Notes^Tide pools at low water
	https://example.org/harbournotes/t/7^Harbour Notes^Harbour Notes
	https://bbs.harbournotes.org/viewtopic.php?id=7^Harbour Notes at low water^Harbour Notes at low water
	https://go.example.org/t/7^Go^Go
	EOT
}

@test "htmlmeta: title: an h1 that copies the whole <title> (a screen reader's copy) is the <title>: its first part is the name" {
	export -f title_page
	while IFS='^' read -r title h1 want; do
		run bash -c 'title_page "$1" "" "<span class=sr-only>$2</span>" | htmltext --json | jq -r .title' \
		    - "$title" "$h1"
		assert_success
		assert_equal "$output" "$want"
	done <<-'EOT'
	Tide pools at low water | Guides | Harbour Notes^Tide pools at low water | Guides | Harbour Notes^Tide pools at low water
	Tide pools at low water - Harbour Notes^Tide Pools at Low Water - Harbour Notes^Tide Pools at Low Water
	Tide pools at low water | Harbour Notes^Tide pools at low water, a guide^Tide pools at low water, a guide
	EOT
}

# author_page HEAD BYLINE: an article whose h1 the byline follows
author_page() {
	printf '<!doctype html><html lang=en><head><title>Tide pools</title>%s</head><body><article><h1>Tide pools</h1>%s<p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish that did not make it back to deeper water in time.</p></article></body></html>' "$1" "$2"
}

# author_table: the author of author_page HEAD BYLINE for each line
# HEAD|BYLINE|AUTHOR on stdin ("-": none)
author_table() {
	export -f author_page
	while IFS='|' read -r head byline want; do
		run bash -c 'author_page "$1" "$2" | htmltext --json | jq -r ".author // \"-\""' \
		    - "$head" "$byline"
		assert_success
		assert_equal "$output" "$want"
	done
}

@test "htmlmeta: author: labelled pairs, microdata names, bylines of names, several authors; labels alone, bullets and dashes are no name" {
	author_table <<-'EOT'
	<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="3 minutes"><meta name="twitter:label2" content="Written by"><meta name="twitter:data2" content="Ann Lee">||Ann Lee
	|<div itemprop="author" itemscope><meta itemprop="url" content="/u/ann"><span><meta itemprop="name" content="Ann Lee"></span></div>|Ann Lee
	|<div class="author-box"><img src=a.jpg><span class="author-box__name">Ann Lee</span><span class="author-box__job">Senior Editor</span></div>|Ann Lee
	|<p>By <!-- -->Ann Lee</p>|Ann Lee
	|<p>By</p><p><span>Ann Lee</span></p>|Ann Lee
	|<p>Written by</p><p>Ann Lee</p>|Ann Lee
	|<p>Article by:</p><div>Ann Lee</div>|Ann Lee
	|<p>Written by Ann Lee</p>|Ann Lee
	|<h2>Author</h2><p>Ann Lee</p>|Ann Lee
	|<p>Author Ann Lee is away.</p>|-
	|<p>Authority figures and their tide tables.</p>|-
	|<p>by: Ann Lee, Dec 17, 2025</p>|Ann Lee
	|<p>by Ann Lee - 2025-09-13</p>|Ann Lee
	|<p>by   annlee  </p>|annlee
	|<p>by the harbour master and her two assistants</p>|-
	|<p>by Ann Lee, editor of the harbour notes</p>|Ann Lee, editor of the harbour notes
	|<p>by the harbour master, Ann Lee</p>|-
	|<p>By the end of the day the pools are full.</p>|-
	|<p>Bytes and bits.</p>|-
	|<div class="byline"><span>By</span></div>|-
	|<div data-author="ann_lee"><p>A post.</p></div>|ann_lee
	|<div class="post"><a class="username" href="/u/1">ann_lee</a><p>A post.</p></div><div class="post" data-author="bo_chen"><a class="username" href="/u/2">bo_chen</a></div>|ann_lee
	|<div class="post"><a class="bigusername" href="/u/1">ann_lee</a></div>|ann_lee
	|<div class="byline"><a href="/author/ann-lee">View all posts by Ann Lee</a></div>|Ann Lee
	|<div class="byline">By <a href="/author/ann-lee">Ann Lee</a> and <a href="/author/bo-chen">Bo Chen</a></div>|Ann Lee; Bo Chen
	<meta name="DC.Creator" content="Ann Lee"><meta name="citation_author" content="Ann Lee"><meta name="citation_authors" content="Bo Chen">||Ann Lee; Bo Chen
	<meta property="cXenseParse:author" content="Ann Lee">||Ann Lee
	<meta property="og:site_name" content="Harbour Notes"><meta name="author" content="Harbour Notes">|<p>By Ann Lee</p>|Ann Lee
	<meta property="og:site_name" content="Harbour Notes"><meta name="author" content="Harbour Notes">||Harbour Notes
	<meta property="og:site_name" content="Harbour Notes"><meta name="author" content=", HARBOUR NOTES">|<p>By Ann Lee</p>|Ann Lee
	<meta name="author" content="•">|<p>By Ann Lee</p>|Ann Lee
	<meta name="author" content="· —">||-
	<meta name="author" content="Zoë Åberg">||Zoë Åberg
	EOT
}

@test "htmlmeta: author: a byline element or a rel=author link that names nobody (a date, a call to read, a section) is passed over for the next one" {
	author_table <<-'EOT'
	|<div class="post-author">August 28, 2025 • 5 min read</div><div class="author-box"><span>Ann Lee</span></div>|Ann Lee
	|<div class="author-links"><a href="/team">Read the bio</a></div><div class="author">Ann Lee</div>|Ann Lee
	|<div class="author-intro">Explore our full list of harbour writers.</div><p class="author">Ann Lee, Senior Editor</p>|Ann Lee, Senior Editor
	|<span class="byline">Personal finance</span>|-
	|<div class="byline">Last updated: January 7, 2025</div>|-
	|<div class="byline">Posted on January 7, 2025</div>|-
	|<span class="byline">Ann Lee and Marna van der Merwe</span>|Ann Lee and Marna van der Merwe
	|<span class="byline">By the Harbour team</span>|the Harbour team
	|<span class="byline">annlee</span>|annlee
	|<a rel="author" href="/u/ann">View more posts</a> <a rel="author" href="/u/ann">Ann Lee</a>|Ann Lee
	|<a rel="author" href="/u/ann">annlee</a>|annlee
	EOT
}

@test "htmlmeta: author: the \"By\" text follows the last h1, not only the first (a logo's)" {
	nav='<a href=/>Home</a> <a href=/food>Food</a> <a href=/drink>Drink</a> <a href=/travel>Travel</a> <a href=/news>News</a>'
	nav="$nav $nav $nav $nav $nav $nav $nav $nav $nav $nav $nav $nav"
	run bash -c 'printf "%s" "<title>Tide pools</title><header><h1>Harbour Notes</h1><nav>$1</nav></header><article><h1>Tide pools</h1><p>By <a href=/people/ann-lee>Ann Lee</a></p><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish.</p></article>" | htmltext --json | jq -r .author' - "$nav"
	assert_success
	assert_output "Ann Lee"
}

@test "htmlmeta: author: \"Written by\" anywhere (an author box after the text), unless twice (reviews)" {
	lead='<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a byline: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p>'
	while IFS='|' read -r after want; do
		run bash -c 'printf "%s" "<title>Tide pools</title><article><h1>Tide pools</h1>$1$2</article>" | htmltext --json | jq -r ".author // \"-\""' - "$lead" "$after"
		assert_success
		assert_equal "$output" "$want"
	done <<-'EOT'
	<div class="bio"><h3>Written by Ann Lee</h3><p>Ann Lee walks the coast.</p></div>|Ann Lee
	<h2>Article by</h2><div>Ann Lee</div>|Ann Lee
	<div class="review"><p>Great pools!</p><div>Written by Bo Chen on Jul 5th 2022</div></div><div class="review"><p>Too wet.</p><div>Written by Carla Diaz</div></div>|-
	<h3>Author</h3><p>Recent Posts</p>|-
	<p>Posted by Bo Chen</p>|-
	EOT
}

@test "htmlmeta: author and date: bylines and date labels in German, French, Spanish, Italian, Portuguese and Dutch" {
	while IFS='|' read -r byline author date; do
		run bash -c 'printf "%s" "<title>Gezeiten</title><article><h1>Gezeiten</h1>$1<p>Der Mond zieht die Meere an, und die Erde dreht sich zweimal am Tag unter der Flutwelle hindurch.</p></article>" | htmltext --json | jq -r "(.author // \"-\") + \"|\" + (.date // \"-\")"' - "$byline"
		assert_success
		assert_equal "$output" "$author|$date"
	done <<-'EOT'
	<p>Von Anna Weber</p><p>Veröffentlicht am 5. März 2025</p>|Anna Weber|2025-03-05
	<p>Par Anne Leroy</p><p>Publié le 5 mars 2025</p>|Anne Leroy|2025-03-05
	<p>Écrit par Anne Leroy</p><p>Mis à jour le 6 mars 2025</p>|Anne Leroy|2025-03-06
	<p>Escrito por Ana López</p><p>Publicado el 5 de marzo de 2025</p>|Ana López|2025-03-05
	<p>Di Anna Rossi</p><p>Pubblicato il 5 marzo 2025</p>|Anna Rossi|2025-03-05
	<p>Door Anna de Vries</p><p>Gepubliceerd op 5 maart 2025</p>|Anna de Vries|2025-03-05
	<p>Autor</p><p>Ana Souza</p><p>Data: 5 de março de 2025</p>|Ana Souza|2025-03-05
	<p>von Montag bis Freitag geöffnet</p>|-|-
	EOT
}

@test "htmlmeta: a page without an h1: its first byline names the author and gives the date" {
	run bash -c "printf '%s' '<title>Tide pools</title><body><h2>Tide pools</h2><div class=\"post-author\"><p>Ann Lee</p><small>November 17, 2025</small></div><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish.</p></body>' | htmltext --json | jq -r '.author + \"|\" + .date'"
	assert_success
	assert_output "Ann Lee|2025-11-17"
	# with an h1, a byline above it is the last source of all
	run bash -c "printf '%s' '<title>Tide pools</title><body><div class=\"post-author\"><p>Ann Lee</p><small>November 17, 2025</small></div><h1>Tide pools</h1><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish.</p></body>' | htmltext --json | jq -r '(.author // \"-\") + \"|\" + (.date // \"-\")'"
	assert_success
	assert_output "Ann Lee|2025-11-17"
	run bash -c "printf '%s' '<title>Tide pools</title><body><div class=\"post-author\"><p>Ann Lee</p></div><h1>Tide pools</h1><p>by <a href=/u/bo>Bo Chen</a></p><div class=\"post\" data-author=\"carla\"><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish.</p></div></body>' | htmltext --json | jq -r '(.author // \"-\")'"
	assert_success
	assert_output "Bo Chen"
	run bash -c "printf '%s' '<title>Tide pools</title><body><div class=\"post-author\"><p>Ann Lee</p></div><h1>Tide pools</h1><div class=\"post\" data-author=\"carla\"><p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish.</p></div></body>' | htmltext --json | jq -r '(.author // \"-\")'"
	assert_success
	assert_output "carla"
}

@test "htmlmeta: author: the signs around a name (a guillemet to the author's page, a footnote's asterisk or dagger, a leading comma) and a name written twice are cut" {
	author_table <<-'EOT'
	|<span class="byline">By Ann Lee »</span>|Ann Lee
	|<p>by Ann Lee, MD*</p>|Ann Lee, MD
	|<div class="author-name">Ann Lee †</div>|Ann Lee
	|<div class="author-name">Ann Lee Ann Lee</div>|Ann Lee
	<meta name="author" content=", Ann Lee">||Ann Lee
	<meta name="author" content="Ann Lee-Bo">||Ann Lee-Bo
	EOT
}

@test "htmlmeta: author: a forum's \"Thread starter\" (\"Topic Author\") label names the thread's author before the first post's itemprop=author (a solution shown first)" {
	post='<article class="message"><div itemprop="author" itemscope><span itemprop="name">bo_chen</span></div><p>The pools by the lighthouse are best at low water: anemones, small crabs, periwinkles and the odd starfish.</p></article>'
	while IFS='|' read -r starter want; do
		run bash -c 'printf "%s" "<title>Which pools are best?</title><body><h1>Which pools are best?</h1><ul><li>$1</li></ul>$2</body>" | htmltext --json | jq -r .author' - "$starter" "$post"
		assert_success
		assert_equal "$output" "$want"
	done <<-'EOT'
	<span class="u-srOnly">Thread starter</span> <a href="/members/annlee.1/" class="username">annlee</a>|annlee
	Topic starter: Ann Lee|Ann Lee
	<div class="showtopicauthor">Topic Author</div> <a href="./memberlist.php?mode=viewprofile&amp;u=7">annlee</a>|annlee
	Started by the harbour master|bo_chen
	EOT
}

# date_page HEAD BEFORE AFTER: an article with BEFORE above its h1 and
# AFTER below it, under a navigation bar
date_page() {
	printf '<!doctype html><html lang=en><head><title>Tide pools</title>%s</head><body><nav><a href=/>Home</a> <a href=/blog>Blog</a></nav>%s<article><h1>Tide pools</h1>%s<p>The harbour rock pools fill twice a day, and each tide leaves behind a different set of animals: anemones, small crabs, periwinkles and the occasional starfish that did not make it back to deeper water in time.</p></article></body></html>' "$1" "$2" "$3"
}

# date_table: the date of date_page HEAD BEFORE AFTER for each line
# HEAD|BEFORE|AFTER|DATE on stdin ("-": none)
date_table() {
	export -f date_page
	while IFS='|' read -r head before after want; do
		run bash -c 'date_page "$1" "$2" "$3" | htmltext --json | jq -r ".date // \"-\""' \
		    - "$head" "$before" "$after"
		assert_success
		assert_equal "$output" "$want"
	done
}

@test "htmlmeta: date: a <time> without datetime, published-date, ms.date, "2023 Jan 7", a dateline above the h1, itemprop=dateCreated before datePublished; pages without a date have none" {
	date_table <<-'EOT'
	||<p>On <time>8 Oct 2022</time></p>|2022-10-08
	<meta name="published-date" content="2021-02-16">|||2021-02-16
	<meta name="ms.date" content="2025-03-06T00:00:00Z"><meta name="updated_at" content="2025-10-23T11:11:00Z">|||2025-03-06T00:00:00+00:00
	<meta name="citation_publication_date" content="2023 Jan 7">|||2023-01-07
	<meta name="w-published-date" content="2025-05-27T06:03:43Z">|||2025-05-27T06:03:43+00:00
	<meta property="bt:pubDate" content="2025-05-27">|||2025-05-27
	<meta name="w-republished" content="2025-05-27">|||-
	<meta name="x-update-date" content="2025-05-27">|||-
	|<div class="post-date">OCTOBER 13, 2025</div>||2025-10-13
	|<header><p>Published on June 4, 2025</p></header>||2025-06-04
	|<div class="post-date">October 13, 2025</div>|<p>The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. The harbour rock pools fill twice a day. </p><ul><li><span class="card-date">November 25, 2025</span> Another post</li></ul>|2025-10-13
	|<div class="post-date">October 13, 2025</div>|<p>The harbour rock pools fill twice a day.</p><ul><li><span class="card-date">November 25, 2025</span> Another post</li></ul>|2025-11-25
	||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><footer><span>Posted on April 13, 2023</span></footer>|2023-04-13
	||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><div><a href="/author/ann-lee">Ann Lee</a> <span>April 8, 2024</span></div>|2024-04-08
	||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><footer><p>Last updated: November 13, 2025</p><p>Posted on April 13, 2023</p></footer>|2023-04-13
	<meta name="last-modified" content="2022-12-22">||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><footer><p>Updated November 13, 2025</p></footer>|2022-12-22
	||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><footer><p>Updated November 13, 2025</p></footer>|2025-11-13
	||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><footer><p>Posted by the harbour master, who has walked the pools since 12 March 2020.</p></footer>|-
	|<p>Founded 12 March 2020.</p><p>Our team of writers, editors and photographers has covered the coast and its harbours, beaches and rock pools for years, in every season and at every tide.</p>||-
	|||-
	||<p>Asked <time itemprop="dateCreated" datetime="2014-02-04 13:02:51Z">12 years ago</time></p><p>A comment, <span itemprop="datePublished">2018-05-21 20:37:55 +00:00</span></p>|2014-02-04T13:02:51+00:00
	EOT
	# no other source: the date at the start of the text (a forum's post)
	run bash -c "printf '%s' '<title>Which pools are best?</title><div class=post><p>annlee Member</p><p>Posted 2025-11-01 15:14</p><p>Which of the harbour rock pools are the best at low water? I have walked out twice and found mostly periwinkles and small crabs, nothing else.</p></div>' | htmltext --json | jq -r .date"
	assert_success
	assert_output 2025-11-01
}

@test "htmlmeta: date: a date in the text just above the h1 comes before a date element far past it and the date beside an author link" {
	long='<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p>'
	long=$long$long$long$long$long$long
	date_table <<-EOT
	|<p><span>January 27, 2025</span></p>|$long<ul><li><span class="card-date">November 25, 2025</span> Another post</li></ul>|2025-01-27
	|<p><span>January 27, 2025</span></p>|$long<div><a href="/author/ann-lee">Ann Lee</a> <span>April 8, 2024</span></div>|2025-01-27
	||$long<ul><li><span class="card-date">November 25, 2025</span> Another post</li></ul>|2025-11-25
	EOT
}

@test "htmlmeta: date: the date shown beside the headline, earlier than the <meta> one when no later modification is given (a template's datePublished of the last change), not a comment's <time>" {
	pub='<meta property="article:published_time" content="2025-06-12T10:00:00+00:00">'
	date_table <<-EOT
	$pub<meta property="article:modified_time" content="2025-06-12T10:05:00+00:00">||<p>November 2, 2022</p>|2022-11-02
	$pub||<div class="post-date">Published Apr 26, 2023</div>|2023-04-26
	$pub<meta property="article:modified_time" content="2025-06-10T10:05:00+00:00">||<p>November 2, 2022</p>|2022-11-02
	$pub<meta property="article:modified_time" content="2025-07-01T10:05:00+00:00">||<p>November 2, 2022</p>|2025-06-12T10:00:00+00:00
	$pub||<p>July 4, 2026</p>|2025-06-12T10:00:00+00:00
	$pub||<p><time datetime="2025-06-11T23:00:00-11:00">June 11, 2025</time></p>|2025-06-12T10:00:00+00:00
	$pub||<p><time datetime="2025-06-11T19:00:00-10:00">June 11, 2025</time></p>|2025-06-11T19:00:00-10:00
	$pub||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><ol class="comment-list"><li><div class="comment-metadata"><a href="#c1"><time datetime="2022-11-15T07:03:58-05:00">November 15, 2022</time></a></div><p>Lovely pools.</p></li></ol>|2025-06-12T10:00:00+00:00
	$pub||<p>A lead paragraph about the harbour that runs on and on, long enough to pass the first 400 bytes after the headline that are read for a date: the pools, the tides, the crabs and the anemones, the periwinkles, the limpets and the barnacles, the weed, the sand, the gulls above them, the walkers and their dogs, the rain and the wind from the west that brings the swell in over the rocks twice a day.</p><div id="comments"><div class="comment"><time datetime="2022-11-15T07:03:58-05:00">November 15, 2022</time></div></div>|2025-06-12T10:00:00+00:00
	EOT
}
