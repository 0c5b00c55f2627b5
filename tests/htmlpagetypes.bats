# htmltext on the seven kinds of page of htmltext(1)'s PAGE TYPES: one
# small page we wrote per structure that real pages of that kind have
# (WCXB's page types), each failing if its rule breaks; and a few real
# pages of the WCXB dev set (CC-BY-4.0, tests/data/wcxb/README).
bats_require_minimum_version 1.5.0
load helper

PROG=htmltext

# plain FILE: htmltext --plain FILE succeeds quietly; its output in $output
plain() {
	run --separate-stderr htmltext --plain "$@"
	assert_success
	assert_equal "$stderr" ""
}

@test "htmltext page types: a service page is all its sections, not the longest one (page builders' 'widget' classes are content)" {
	{
		printf '<html><head><title>Garden design</title></head><body>\n'
		printf '<header><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav></header>\n'
		printf '<div class="page-builder">\n'
		for s in Planting Paving Lighting Watering Fencing Pruning; do
			printf '<section class="builder-section"><div class="builder-widget-wrap">\n'
			printf '<h2>%s</h2><p>Our %s service covers the whole garden, from the first visit to the last check.</p>\n' "$s" "$s"
			printf '</div></section>\n'
		done
		printf '<section class="builder-section"><div class="builder-widget-wrap"><h2>Why us</h2>\n'
		printf '<p>Twenty years of gardens in the valley, a team of six and a guarantee on every plant we set.</p>\n'
		printf '<p>We answer the phone, we come when we said we would, and we clear up after ourselves every day.</p>\n'
		printf '</div></section></div>\n'
		printf '<footer><p>Garden design, 12 High Street. Call us on weekdays.</p></footer></body></html>\n'
	} > service.html
	{
		printf 'Garden design\n\n'
		for s in Planting Paving Lighting Watering Fencing Pruning; do
			printf '%s\nOur %s service covers the whole garden, from the first visit to the last check.\n' "$s" "$s"
		done
		printf 'Why us\nTwenty years of gardens in the valley, a team of six and a guarantee on every plant we set.\n'
		printf 'We answer the phone, we come when we said we would, and we clear up after ourselves every day.\n'
	} > want
	htmltext --plain service.html > got
	assert_files_equal got want
}

@test "htmltext page types: a forum that shows its posts only without JavaScript (noscript) gives them; a noscript note beside an article does not" {
	cat > thread.html <<-'EOF'
	<html><head><title>Which first telescope?</title></head><body>
	<section id="splash"><div class="dots"></div></section>
	<noscript><header><a href="/">Forum</a></header>
	<div id="main-outlet" role="main"><h1>Which first telescope?</h1>
	<div class="post"><p>I would like a first telescope for planets and the moon, under five hundred.</p></div>
	<div class="post"><p>A six inch Dobsonian is the usual answer: simple, steady and bright enough.</p></div>
	</div></noscript></body></html>
	EOF
	plain thread.html
	assert_output - <<-'EOF'
	Which first telescope?

	I would like a first telescope for planets and the moon, under five hundred.
	A six inch Dobsonian is the usual answer: simple, steady and bright enough.
	EOF
	cat > article.html <<-'EOF'
	<html><body><noscript><p>Please turn on JavaScript to see the comments on this story.</p></noscript>
	<article><p>The story itself is a paragraph that is long enough to be the text of the page.</p></article>
	</body></html>
	EOF
	plain article.html
	refute_output --partial 'JavaScript'
	assert_output --partial 'The story itself'
}

@test "htmltext page types: an article is still the article beside a gallery of captions longer than itself, or a longer stream of teasers" {
	{
		printf '<html><body><article><h1>Hotel secrets</h1>\n'
		printf '<div class="text"><p>Hotel owners told an online forum what they would rather guests did not know.</p>\n'
		printf '<p>Blankets are washed less often than sheets, and wooden luggage racks hold bedbugs.</p></div>\n'
		printf '<div class="media-wrapper type-gallery"><ul class="legends">\n'
		for i in $(seq 12); do
			printf '<li>Picture %d: a hotel room photographed for this story, with a long credit line.</li>\n' "$i"
		done
		printf '</ul></div></article></body></html>\n'
	} > gallery.html
	plain gallery.html
	assert_output - <<-'EOF'
	Hotel secrets

	Hotel owners told an online forum what they would rather guests did not know.
	Blankets are washed less often than sheets, and wooden luggage racks hold bedbugs.
	EOF
	{
		printf '<html><body><section class="story-article"><h1>Spring floods</h1>\n'
		for i in $(seq 10); do
			printf '<p>Paragraph %d of the story tells what the river did to the town this spring.</p>\n' "$i"
		done
		printf '</section><ul id="stream">\n'
		for i in $(seq 25); do
			printf '<li><h3>Another story %d</h3><p>A teaser of another story on the site, long enough to count as a paragraph of text.</p></li>\n' "$i"
		done
		printf '</ul></body></html>\n'
	} > stream.html
	plain stream.html
	assert_line 'Paragraph 10 of the story tells what the river did to the town this spring.'
	refute_line --partial 'Another story'
}
