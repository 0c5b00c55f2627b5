# htmltext on the kinds of real page where a main-text extractor goes
# wrong: one small made-up page per mechanism (steps 4, 6 and 8 of
# htmltext(1)); each test fails if its rule breaks.
bats_require_minimum_version 1.5.0
load helper

PROG=htmltext

# FILE as a service page's (its URL says /services/): the page is typed
# service, and run leaves its record in $output
as_service() {
	run --separate-stderr htmltext --meta -u https://example.org/services/x "$1"
	assert_equal "$(cut -f 7 <<< "$output")" service
	run --separate-stderr htmltext -u https://example.org/services/x "$1"
}

@test "htmltext quality: a control's words on a line of their own (5 min read, Advertisement, Sign up for our newsletter) are not text; in a sentence or in code they are" {
	cat > ui.html <<-'EOF'
	<html><head><title>Tides</title></head><body>
	<main id="main"><article><h1>How tides work</h1>
	<div class="meta"><span>5 min read</span></div>
	<p>The moon pulls the oceans toward it, and the earth turns under the bulge twice a day. Please <a href="/login">log in</a> to save this story.</p>
	<p class="label">Advertisement</p><div class="tools"><a href="#s">Share</a></div>
	<p>Spring tides come when the sun and the moon pull together; neap tides when they pull at right angles.</p>
	<pre><code>fetch("/login", { method: "POST" })
	Share</code></pre>
	<h3>Sign up for our newsletter:</h3>
	<p>Share this with a friend who likes the sea: the moon does most of the work, the sun the rest.</p>
	</article></main></body></html>
	EOF
	plain ui.html
	refute_line '5 min read'
	refute_line 'Advertisement'
	refute_line 'Sign up for our newsletter:'
	assert_line 'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day. Please log in to save this story.'
	assert_line 'fetch("/login", { method: "POST" })'
	assert_line 'Share'
	assert_line --partial 'Share this with a friend'
	assert_equal "${#lines[@]}" 6
	# the Markdown leaves the same lines out
	run htmltext --markdown ui.html
	refute_output --partial 'min read'
	refute_output --partial 'Advertisement'
	refute_output --partial 'newsletter'
	# a shop's controls on its cards
	{
		printf '<html><head><meta property="og:type" content="product.group"></head><body><main><h1>Wool socks</h1><p>Socks knitted from merino wool, warm in winter and cool in summer.</p><div>Sort: Best Match</div><div>Sort by: Price, low to high</div><p>Sort by colour: the blue ones go with everything, the red ones with nothing.</p>\n'
		for c in Grey Blue Red Green; do
			printf '<div class="card"><h3><a href="/p/%s">%s merino socks</a></h3><p>Loading...</p><button>Add to cart</button><p><a href="/w">Add to wishlist</a></p><p><a href="/p/1">View details</a></p><div>Quick View</div><div>Qty:</div><div>Select your size</div><div>Back-order</div></div>\n' $c $c
		done
		printf '</main></body></html>\n'
	} > shop.html
	plain shop.html
	assert_line 'Green merino socks'
	refute_line 'Loading...'
	refute_line 'Add to wishlist'
	refute_line 'View details'
	refute_line 'Quick View'
	refute_line 'Qty:'
	refute_line 'Select your size'
	refute_line 'Back-order'
	refute_line 'Sort: Best Match'
	refute_line 'Sort by: Price, low to high'
	assert_line --partial 'Sort by colour: the blue ones'
	# a button that holds a block (a spinner) beside a link's pruned
	# button: its words are still a line of their own
	sed -e 's|<button>Add to cart</button>|<button class="relative"><div class="spinner"><span class="sr-only">Loading...</span></div><span>Add to cart</span></button><a href="/p/2"><button>Learn more</button></a>|' shop.html > spinner.html
	plain spinner.html
	assert_line 'Green merino socks'
	refute_line --partial 'Add to cart'
	# a link that skips to a part of the page, hidden by a class of its
	# own until it has the focus; a sentence that skips to a part of a story stays
	cat > skip.html <<-'EOF'
	<html><body><main id="main"><article><h1>How tides work</h1>
	<p>The moon pulls the oceans toward it, and the earth turns under the bulge twice a day.</p>
	<p>Skip to the neap tides below if you know the spring tides.</p>
	<p id="neap">Neap tides come when the sun and the moon pull at right angles, a week after the spring tides.</p>
	<div class="display--hide-visual">Skip to the main content</div>
	<div class="sr">Skip To Product Results</div>
	</article></main></body></html>
	EOF
	plain skip.html
	refute_line 'Skip to the main content'
	refute_line 'Skip To Product Results'
	refute_output --partial 'main content'
	assert_line 'Skip to the neap tides below if you know the spring tides.'
	# a table of contents' heading is a control but on documentation
	sed -e 's|<h1>How tides work</h1>|<h1>How tides work</h1><p class="toc-title">Table of Contents:</p>|' skip.html > toc.html
	plain toc.html
	refute_line --partial 'Table of Contents'
	assert_line --partial 'The moon pulls the oceans'
	printf '<html><body><main><h1>Tides API</h1><p>Table of contents</p><p>The tides module computes the height of the sea at a place and a time.</p><pre>tide(place, time)</pre><pre>tides(place, day)</pre><pre>tide_tables(place)</pre></main></body></html>\n' > tocdoc.html
	run --separate-stderr htmltext --meta tocdoc.html
	assert_equal "$(cut -f 7 <<< "$output")" documentation
	plain tocdoc.html
	assert_line 'Table of contents'
}

@test "htmltext quality: what a script shows while it loads (Loading posts…, Loading Reviews..., Cargando...) is not text; a heading about loading is" {
	for ph in 'Loading posts…' 'Loading Reviews...' 'Loading... Please wait...' 'Cargando...' 'Chargement…' 'Wird geladen …'; do
		printf '<html><body><article><h1>Tides</h1><p>%s</p><div>%s</div><h2>%s</h2><p>%s</p></article></body></html>\n' \
		    'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.' \
		    "$ph" 'Loading Docks' 'Boats unload at the loading docks at high tide, when the water is deep enough.' > ph.html
		plain ph.html
		refute_line "$ph"
		assert_line 'Loading Docks'
		assert_line --partial 'The moon pulls'
	done
	# three words after the word for loading, or no ellipsis: a line of text
	printf '<html><body><article><h1>Tides</h1><p>%s</p><div>%s</div><div>%s</div></article></body></html>\n' \
	    'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.' \
	    'Loading the boat at dawn...' 'Loading an image with XHR' > ph.html
	plain ph.html
	assert_line 'Loading the boat at dawn...'
	assert_line 'Loading an image with XHR'
}

@test "htmltext quality: a control inside a short block that is not one (a \"Recent posts\" heading beside its \"See all\" link) is left out" {
	{
		printf '<html><head><title>Catering</title></head><body><main><article><h1>Catering services</h1>\n'
		printf '<p>In-house catering is when the venue also provides the food: one contract for the room and the meal, which suits business lunches.</p>\n'
		printf '<p>Drop-off catering brings the food ready to serve, and the host sets it out: the cheapest way to feed a small office meeting.</p>\n'
		printf '<header><h2>Recent Posts</h2><a href="/blog">See All</a></header>\n'
		printf '</article></main></body></html>\n'
	} > recent.html
	plain recent.html
	refute_line 'Recent Posts'
	assert_line --partial 'Drop-off catering'
}

@test "htmltext quality: an article's dateline (its date, the words around it, its author at most) is not text; a sentence with a date and an old date are" {
	cat > dl.html <<-'EOF'
	<html><head><title>Tides</title></head><body>
	<main><article><h1>How tides work</h1>
	<p class="meta">By Ann Lee · Published: Jun 25, 2025 · 5 min read</p>
	<div><span>Last updated on 2025-07-01</span></div>
	<p>7 May 1856</p>
	<p>The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.</p>
	<p>April 2, 2024</p>
	<p>On April 2, 2024 the harbour recorded its highest spring tide in forty years, a metre above the usual mark.</p>
	</article></main></body></html>
	EOF
	plain dl.html
	refute_line --partial 'Ann Lee'
	refute_line --partial 'Last updated'
	# a date the text is about, and dates after the first paragraph
	assert_line '7 May 1856'
	assert_line 'April 2, 2024'
	assert_line --partial 'On April 2, 2024 the harbour'
	# the same lines leave the Markdown
	run htmltext --markdown dl.html
	refute_output --partial 'Ann Lee'
	# the author and the date are still the metadata's
	htmltext --fields author,date dl.html > meta.tsv
	assert_equal "$(cut -f3,4 meta.tsv)" "$(printf 'Ann Lee\t2025-06-25')"
}

@test "htmltext quality: datelines in German, French, Spanish, Italian, Portuguese and Dutch are not text either" {
	for dl in 'Von Anna Weber · Veröffentlicht am 5. März 2025 · Lesezeit 3 Min.' \
	    'Par Anne Leroy, publié le 5 mars 2025 à 10h12' \
	    'Por Ana López · Actualizado el 5 de marzo de 2025' \
	    'Di Anna Rossi, aggiornato il 5 marzo 2025' \
	    'Por Ana Souza · Atualizado em 5 de março de 2025' \
	    'Door Anna de Vries · Bijgewerkt op 5 maart 2025'; do
		printf '<html><body><article><h1>Tides</h1><p>%s</p><p>%s</p></article></body></html>\n' "$dl" \
		    'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.' > dl.html
		plain dl.html
		refute_line "$dl"
		assert_line --partial 'The moon pulls the oceans'
	done
}

@test "htmltext quality: a dateline that gives a reading time and no date is not text; a sentence about minutes read is" {
	for dl in 'By Ann Lee · 5 min read' '4 min read time' 'Kristian Larsen — 7 minutes read' \
	    'Ann Lee | 12-minute read' 'Lesezeit: 3 Min.' 'Ana López · 3 min de lectura'; do
		printf '<html><body><article><h1>Tides</h1><p>%s</p><p>%s</p><p>%s</p></article></body></html>\n' "$dl" \
		    'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.' \
		    'We read for 5 minutes.' > dl.html
		plain dl.html
		refute_line "$dl"
		assert_line --partial 'The moon pulls the oceans'
		# after the first paragraph, and a line of more words
		assert_line 'We read for 5 minutes.'
	done
	printf '<html><body><article><h1>Tides</h1><p>%s</p><p>%s</p></article></body></html>\n' \
	    'Our readers spent 5 minutes reading this' \
	    'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.' > dl.html
	plain dl.html
	assert_line 'Our readers spent 5 minutes reading this'
}

@test "htmltext quality: an article's captions are not its text; a collection's are" {
	cat > fig.html <<-'EOF'
	<html><head><title>Tides</title></head><body>
	<main><article><h1>How tides work</h1>
	<p>The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.</p>
	<figure><img src="t.jpg" alt="A harbour at low tide"><figcaption>The harbour at low tide. Jane Doe/Getty Images</figcaption></figure>
	<p>Spring tides come when the sun and the moon pull together; neap tides when they pull at right angles to each other.</p>
	</article></main></body></html>
	EOF
	plain fig.html
	refute_line --partial 'Getty Images'
	assert_line --partial 'Spring tides come'
	run htmltext --markdown fig.html
	refute_output --partial 'Getty Images'
	# a shop's grid of pictures: the captions are the items
	{
		printf '<html><head><meta property="og:type" content="product.group"></head><body><main><h1>Wool socks</h1><p>Socks knitted from merino wool, warm in winter and cool in summer.</p>\n'
		for c in Grey Blue Red Green; do
			printf '<figure class="card"><a href="/p/%s"><img src="%s.jpg"></a><figcaption>%s merino socks, 12 euros</figcaption></figure>\n' $c $c $c
		done
		printf '</main></body></html>\n'
	} > grid.html
	run htmltext --meta grid.html
	assert_output --partial 'Green merino socks, 12 euros'
	assert_output --partial 'collection'
}

@test "htmltext quality: picture credits outside a caption are not the text" {
	story='<p>The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.</p>'
	for credit in 'Credit: Getty Images / fizkes' 'Image: Rob Schultz' \
	    'Photo illustration: Consumer Reports, Getty Images' \
	    '(Image Source)' 'Photo credit' 'Source: statista.com' \
	    'Courtesy of the harbour trust' 'Tada Images / Shutterstock' \
	    'Getty Images / Holger Leue'; do
		printf '<html><body><main><h1>Tides</h1>%s<div><img src="t.jpg"><span>%s</span></div>%s</main></body></html>\n' \
		    "$story" "$credit" '<p>Spring tides come when the sun and the moon pull together; neap tides when they pull at right angles.</p>' > cr.html
		plain cr.html
		refute_line "$credit"
		assert_line --partial 'Spring tides come'
	done
	# a heading named for pictures and a line that only mentions a
	# source stay
	for line in 'Photos' 'Image quality in low light' 'Sources of the tide tables'; do
		printf '<html><body><main><h1>Tides</h1>%s<h2>%s</h2>%s</main></body></html>\n' \
		    "$story" "$line" '<p>Spring tides come when the sun and the moon pull together; neap tides when they pull at right angles.</p>' > cr.html
		plain cr.html
		assert_line "$line"
	done
}

@test "htmltext quality: a page of nothing but short lines or links gives them, not nothing" {
	printf '<html><body>\n  Test\n</body></html>\n' > short.html
	htmltext short.html > out
	assert_bytes out 'short.html\t\tTest\n'
	cat > links.html <<-'EOF'
	<html><head><title>Links</title></head><body>
	<a href="javascript:"><p>abc</p><p>def</p>ghi</a></body></html>
	EOF
	plain links.html
	assert_output - <<-'EOF'
	Links

	abc
	def
	ghi
	EOF
	# ... but only when nothing else is kept: short lines beside a
	# paragraph are still dropped
	cat > mixed.html <<-'EOF'
	<html><body><p>Short</p><p><a href="/">A link on its own line</a></p>
	<p>A paragraph of more than ten characters is the text.</p></body></html>
	EOF
	plain mixed.html
	assert_output - <<-'EOF'


	A paragraph of more than ten characters is the text.
	EOF
}

@test "htmltext quality: a listing of article teasers is the text, not its first teaser" {
	{
		printf '<html><head><title>Front page</title></head><body>\n'
		printf '<nav><a href="/">Home</a> <a href="/w">World</a></nav>\n'
		printf '<main><section id="latest"><h2>Latest stories</h2><ul>\n'
		for i in 1 2 3 4; do
			printf '<li><article><h3><a href="/s%d">Story number %d</a></h3>\n' "$i" "$i"
			printf '<p>The teaser of story %d says what it is about in a sentence.</p>\n' "$i"
			printf '</article></li>\n'
		done
		printf '</ul></section></main><footer>Copyright and terms</footer></body></html>\n'
	} > listing.html
	plain listing.html
	assert_output - <<-'EOF'
	Front page

	Latest stories
	Story number 1
	The teaser of story 1 says what it is about in a sentence.
	Story number 2
	The teaser of story 2 says what it is about in a sentence.
	Story number 3
	The teaser of story 3 says what it is about in a sentence.
	Story number 4
	The teaser of story 4 says what it is about in a sentence.
	EOF
	# one article among a few small ones is still the article
	cat > one.html <<-'EOF'
	<html><body><article><h1>The story</h1>
	<p>The first paragraph of the one real article on this page is long.</p>
	<p>The second paragraph of it goes on with the story at some length.</p>
	<p>The third paragraph of it closes the story with a final remark.</p>
	</article>
	<article><p>A teaser for another story.</p></article>
	<article><p>A teaser for a third story.</p></article></body></html>
	EOF
	plain one.html
	assert_output - <<-'EOF'
	The story

	The first paragraph of the one real article on this page is long.
	The second paragraph of it goes on with the story at some length.
	The third paragraph of it closes the story with a final remark.
	EOF
}

@test "htmltext quality: main holds a landing page cut into sections; an article inside main is still the article" {
	cat > landing.html <<-'EOF'
	<html><head><title>Product</title></head><body>
	<nav><a href="/">Home</a> <a href="/p">Products</a> <a href="/h">Help</a></nav>
	<main>
	<section class="intro"><div class="container"><h1>Make it yours</h1>
	<p>Personalize the product and make it work the way you do.</p></div></section>
	<section class="features"><div class="container"><h2>Designed to be redesigned</h2>
	<p>Open the panel to add, move or remove any button you want.</p></div></section>
	<section class="themes"><div class="container"><h2>Themes</h2>
	<p>Choose from thousands of themes and dress it up with one click.</p></div></section>
	</main>
	<footer><p>Legal notices and the privacy policy of the company.</p></footer>
	</body></html>
	EOF
	plain landing.html
	assert_output - <<-'EOF'
	Make it yours

	Personalize the product and make it work the way you do.
	Designed to be redesigned
	Open the panel to add, move or remove any button you want.
	Themes
	Choose from thousands of themes and dress it up with one click.
	EOF
	cat > inmain.html <<-'EOF'
	<html><body><main>
	<div class="story"><h1>The story</h1>
	<p>The first paragraph of the story is long enough to count for a lot here.</p>
	<p>The second paragraph of the story goes on at length about the matter.</p>
	<p>The third paragraph of the story adds detail that a reader wants to keep.</p>
	<p>The fourth paragraph of the story closes it with a remark or two more.</p></div>
	<div class="more"><p>Watch the video: a player with its own settings.</p></div>
	</main></body></html>
	EOF
	plain inmain.html
	assert_output - <<-'EOF'
	The story

	The first paragraph of the story is long enough to count for a lot here.
	The second paragraph of the story goes on at length about the matter.
	The third paragraph of the story adds detail that a reader wants to keep.
	The fourth paragraph of the story closes it with a remark or two more.
	EOF
}

@test "htmltext quality: noise words glued to a suffix; a menu without links is not navigation" {
	cat > glued.html <<-'EOF'
	<html><body><article><h1>The story</h1>
	<p>The first paragraph of the story is long enough to count for a lot here.</p>
	<p>The second paragraph of the story goes on at length about the matter.</p>
	<div class="jp-relatedposts"><h3>Related</h3>
	<div class="item"><h4>Another story of the same blog</h4><p>A summary of that other story, as long as a paragraph of this one.</p></div>
	<div class="item"><h4>A third story of the same blog</h4><p>The summary of the third story, again as long as a paragraph here.</p></div></div>
	<div class="sharebox"><p>Share this story with the people you know.</p></div>
	<div class="download-area"><p>The paragraph under download-area is the story's too.</p></div>
	</article></body></html>
	EOF
	plain glued.html
	assert_output - <<-'EOF'
	The story

	The first paragraph of the story is long enough to count for a lot here.
	The second paragraph of the story goes on at length about the matter.
	The paragraph under download-area is the story's too.
	EOF
	# a math renderer names its formulas CtxtMenu_Attached: a context
	# menu, with no links; a menu of links is still pruned
	cat > math.html <<-'EOF'
	<html><body><h1>Solutions</h1><p>When a is not zero, there are two solutions to</p>
	<span class="MathJax CtxtMenu_Attached_0"><math><mi>a</mi><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mi>b</mi><mi>x</mi><mo>+</mo><mi>c</mi><mo>=</mo><mn>0</mn></math></span>
	<p>and they are found by the formula that every pupil learns.</p>
	<div class="menu"><a href="/a">Algebra</a> <a href="/g">Geometry</a> <a href="/c">Calculus</a></div>
	</body></html>
	EOF
	plain math.html
	assert_output - <<-'EOF'
	Solutions

	When a is not zero, there are two solutions to
	ax2+bx+c=0
	and they are found by the formula that every pupil learns.
	EOF
}

@test "htmltext quality: a list item without links is kept from 2 characters, as a heading is" {
	cat > list.html <<-'EOF'
	<html><body><article><h1>Make a terrarium</h1>
	<p>You need a few things from the kitchen drawer, and some moss.</p>
	<h2>Things you need</h2><ul><li>Cloche</li><li>Ruler</li><li>Spoon</li><li>Moss</li></ul>
	<ul><li><a href="/a">Home</a></li><li><a href="/b">Crafts</a></li></ul>
	<p>Put the moss in first and press it down with the spoon gently.</p>
	<div>Short</div></article></body></html>
	EOF
	plain list.html
	assert_output - <<-'EOF'
	Make a terrarium

	You need a few things from the kitchen drawer, and some moss.
	Things you need
	Cloche
	Ruler
	Spoon
	Moss
	Put the moss in first and press it down with the spoon gently.
	EOF
}

@test "htmltext quality: a BEM modifier that names a neighbour (--withSidebar) names nothing; the block before it still does" {
	cat > bem.html <<-'EOF'
	<html><body><div class="p-body-main p-body-main--withSidebar">
	<p>The main column of a forum theme holds the thread and its posts.</p>
	<p>Its modifier says a sidebar is beside it, not that it is one.</p></div>
	<div class="p-body-sidebar"><p>Members online: a long list of the members.</p></div>
	</body></html>
	EOF
	plain bem.html
	assert_output - <<-'EOF'


	The main column of a forum theme holds the thread and its posts.
	Its modifier says a sidebar is beside it, not that it is one.
	EOF
}

@test "htmltext quality: a component's header (card-header, accordion-header, cta__banner) is its own, not the page's; the site header is still noise" {
	cat > parts.html <<-'EOF'
	<html><body><div class="site-header"><p>Garden design company, the best in the valley.</p></div>
	<div class="cards">
	<div class="card"><div class="card-header"><p>Planting plans drawn for every garden we take on.</p></div>
	<p>We draw the plan, choose the plants and set them in the ground in one season.</p></div>
	<div class="card"><div class="card-header"><p>Paving laid by the same team that designs it.</p></div>
	<p>Stone, brick or gravel, laid level and drained, with a guarantee of ten years.</p></div>
	<div class="cmp-cta__banner"><p>Ponds and streams dug, lined and planted so that they stay clear all year.</p></div>
	</div></body></html>
	EOF
	plain parts.html
	assert_output - <<-'EOF'


	Planting plans drawn for every garden we take on.
	We draw the plan, choose the plants and set them in the ground in one season.
	Paving laid by the same team that designs it.
	Stone, brick or gravel, laid level and drained, with a guarantee of ten years.
	Ponds and streams dug, lined and planted so that they stay clear all year.
	EOF
}

@test "htmltext quality: an article that is mostly blocks of links (a \"List of\" page) keeps them; an article with a menu in it does not" {
	{
		printf '<html><head><title>List of rivers</title><meta property="og:type" content="article"></head><body>\n'
		printf '<nav><a href="/">Home</a> <a href="/a">About</a> <a href="/c">Contact</a></nav>\n'
		printf '<main><h1>List of rivers</h1>\n'
		printf '<p>This is an index of notable rivers, by continent.</p>\n'
		for c in Africa Asia Europe; do
			printf '<h2>%s</h2><ul>' "$c"
			for i in 1 2 3 4 5 6 7 8; do
				printf '<li><a href="/wiki/%s_river_%d">The %s river number %d</a></li>' "$c" "$i" "$c" "$i"
			done
			printf '</ul>\n'
		done
		printf '</main><footer><a href="/p">Privacy</a> <a href="/t">Terms</a></footer></body></html>\n'
	} > list.html
	plain list.html
	assert_line --index 0 "List of rivers"
	assert_line --index 1 "This is an index of notable rivers, by continent."
	assert_line --index 2 "Africa"
	assert_line --index 3 "The Africa river number 1"
	assert_line "The Europe river number 8"
	refute_line --partial "Privacy"
	[ "$(grep -c ' river number ' <<< "$output")" -eq 24 ]
	# an article with more text than links keeps pruning its menu of links
	{
		printf '<html><body><main><h1>A river</h1>\n'
		for i in 1 2 3 4 5 6; do
			printf '<p>The river runs through the valley for many miles, paragraph %d of the article about it.</p>\n' "$i"
		done
		printf '<ul><li><a href="/x1">Other river one</a></li><li><a href="/x2">Other river two</a></li><li><a href="/x3">Other river three</a></li></ul>\n'
		printf '</main></body></html>\n'
	} > article.html
	plain article.html
	assert_line --partial "paragraph 6 of the article"
	refute_line --partial "Other river"
}

@test "htmltext quality: an accordion's hidden panel after a toggle that names it with a heading, or a region labelled by its toggle, is kept (hidden attribute, class, style or aria-hidden); a popup after a plain button is not" {
	{
		printf '<html><body><main><h1>Our services</h1>\n'
		printf '<p>We build web applications for companies of every size, from the first sketch to the launch.</p>\n'
		printf '<h2>Frequently asked questions</h2>\n'
		# a button holding the question (Tailwind's hidden class)
		printf '<div><button type="button"><h5>How much does it cost?</h5></button><div class="hidden"><p>The cost depends on the features the application needs.</p></div></div>\n'
		# WAI-ARIA: a heading holding the button (the hidden attribute)
		printf '<h3><button aria-expanded="false">How long does it take?</button></h3><div hidden><p>Most projects take three to six months of work.</p></div>\n'
		# a link that is a button, in a wrapper, holding a role=heading; the panel hidden by its style
		printf '<div><div class="acc-head"><a role="button" aria-controls="p3" id="h3"><span role="heading" aria-level="3">Who owns the code?</span></a></div><div id="p3" style="display:none" aria-labelledby="h3"><p>You own all of the code we write for you.</p></div></div>\n'
		# hidden by aria-hidden after its heading's button
		printf '<h3><button aria-expanded="false">Do you host it?</button></h3><div aria-hidden="true"><p>We host it for a year, then hand it over to you.</p></div>\n'
		# WAI-ARIA's region labelled by its toggle, wherever that is
		printf '<div class="acc-headers"><button id="h5" aria-controls="p5">Can we change it later?</button></div><div class="acc-panels"><div id="p5" role="region" aria-labelledby="h5" aria-hidden="true"><p>Yes, every change after the launch is billed by the hour.</p></div></div>\n'
		# hidden, labelled by its button, without a role
		printf '<dl><dt><span><button id="h7" aria-expanded="false">Do you sign an NDA?</button></span></dt><dd aria-labelledby="h7" hidden><p>We sign one before the first meeting if you ask.</p></dd></dl>\n'
		# the panel alone in a wrapper that animates its height
		printf '<h3><button aria-expanded="false" aria-controls="p6">Is there a warranty?</button></h3><div class="collapse" style="max-height: 0px"><div id="p6" aria-hidden="true"><p>Every application has a warranty of two years on its code.</p></div></div>\n'
		# an aria-hidden copy that no toggle opens stays out
		printf '<div aria-hidden="true"><p>A copy of the slogan for the carousel that loops.</p></div>\n'
		# a plain button opening a popup, by a class and by a style
		printf '<div><button type="button">Add to cart</button><div class="hidden"><p>Added to your cart, complete the set now.</p></div></div>\n'
		printf '<div><button type="button">See details</button><div style="display: none"><p>The details of the offer, in small print.</p></div></div>\n'
		printf '</main></body></html>\n'
	} > faq.html
	plain faq.html
	assert_line "How much does it cost?"
	assert_line "The cost depends on the features the application needs."
	assert_line "Most projects take three to six months of work."
	assert_line "You own all of the code we write for you."
	assert_line "We host it for a year, then hand it over to you."
	assert_line "Yes, every change after the launch is billed by the hour."
	assert_line "Every application has a warranty of two years on its code."
	assert_line "We sign one before the first meeting if you ask."
	refute_line --partial "carousel that loops"
	refute_line --partial "Added to your cart"
	refute_line --partial "small print"
}

@test "htmltext quality: the target of a skip link (id skip-nav) is where the text begins, not a menu" {
	{
		printf '<html><body><nav><a href="/">Home</a> <a href="/a">Shop</a> <a href="/b">Blog</a></nav>\n'
		printf '<div id="chakra-skip-nav"><h1>Garden tools</h1>\n'
		printf '<p>Spades, forks and rakes made of forged steel with ash handles, <a href="/s">sharpened</a> by hand.</p>\n'
		printf '<p>Every tool is tested in our own garden for a season before it is <a href="/t">sold</a>.</p>\n'
		printf '</div></body></html>\n'
	} > skip.html
	plain skip.html
	assert_line "Garden tools"
	assert_line --partial "forged steel with ash handles"
	refute_line --partial "Home"
}

@test "htmltext quality: a word inside a hash (elementor-element-5f18ad9, container-83ad84a411) names nothing; ad-slot still does" {
	{
		printf '<html><body><main><h1>Roof repairs</h1>\n'
		printf '<div class="elementor-element elementor-element-5f18ad9"><p>We replace broken tiles, clear the gutters and seal the flashing around chimneys.</p></div>\n'
		printf '<div id="container-83ad84a411"><p>Every repair comes with a written guarantee of five years on the work.</p></div>\n'
		printf '<div class="ad-slot"><p>Buy cheap flights to the sun today, limited offer for new customers.</p></div>\n'
		printf '</main></body></html>\n'
	} > hash.html
	plain hash.html
	assert_line --partial "We replace broken tiles"
	assert_line --partial "written guarantee of five years"
	refute_line --partial "cheap flights"
}

@test "htmltext quality: a header class three elements share is a component's (each listing's title); the one site header is still noise" {
	{
		printf '<html><body><div class="site-header"><p>Homes for sale in the valley, the best agents in town.</p></div><main>\n'
		for i in 1 2 3 4; do
			printf '<div class="listing"><div class="listing__header"><h3>Cottage number %d by the river</h3></div>' "$i"
			printf '<p>Two bedrooms, a garden of %d hundred square metres and a view of the hills.</p></div>\n' "$i"
		done
		printf '</main></body></html>\n'
	} > listings.html
	plain listings.html
	assert_line "Cottage number 1 by the river"
	assert_line "Cottage number 4 by the river"
	refute_line --partial "best agents in town"
}

@test "htmltext quality: a wrapper named nav that holds mostly paragraphs is no menu; a nav of links still is" {
	{
		printf '<html><body><nav class="menu"><a href="/a">Home</a> <a href="/b">Products</a> <a href="/c">About us</a> <a href="/d">Contact</a></nav>\n'
		printf '<div class="intro"><h1>Functions</h1>'
		for i in 1 2 3; do
			printf '<p>Execute event-driven code with an end-to-end development experience, and design apps in the language of your choice, part %d.</p>' "$i"
		done
		printf '</div>\n'
		printf '<div class="secondary-sticky-nav"><a href="/x">Overview</a> <a href="/y">Pricing</a>\n'
		for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
			printf '<p>Our functions run your code when an event arrives and scale with the load, paragraph %d of the overview of the service.</p>\n' "$i"
		done
		printf '</div></body></html>\n'
	} > stickynav.html
	plain stickynav.html
	assert_line --partial "paragraph 1 of the overview"
	assert_line --partial "paragraph 12 of the overview"
	refute_line --partial "About us"
}

@test "htmltext quality: a wrapper named header after the page's header, holding mostly paragraphs, is a section; the first header of the page is still noise" {
	{
		printf '<html><body><header id="header"><a href="/">QA Works</a> <a href="/contact">Contact</a></header>\n'
		printf '<div class="alternates">'
		for c in de fr ja es it; do
			printf '<p>Our site in another country and in another language (%s), listed here for the search engines.</p>' "$c"
		done
		printf '</div>\n'
		printf '<section class="headerWrapper"><h1>Quality engineering</h1>\n'
		for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
			printf '<p>Our engineers test your web and mobile applications before each release and after it, paragraph %d of the service.</p>\n' "$i"
		done
		printf '</section><footer><p>Copyright of the company and its offices.</p></footer></body></html>\n'
	} > wrapper.html
	plain wrapper.html
	assert_line --partial "paragraph 1 of the service"
	assert_line --partial "paragraph 12 of the service"
	refute_line --partial "Copyright"
	# a mega menu: the first header of the page, however much text it holds
	{
		printf '<html><body><section class="site-header">\n'
		for i in $(seq 20); do
			printf '<div class="menu-col"><span>Electric guitars and basses, amplifiers and effect pedals, column %d of the menu</span></div>\n' "$i"
		done
		printf '</section><main><h1>A guitar</h1>\n'
		for i in $(seq 20); do
			printf '<p>A solid body guitar with two pickups and a maple neck, made by hand in the workshop, note %d.</p>\n' "$i"
		done
		printf '</main></body></html>\n'
	} > mega.html
	plain mega.html
	assert_line --partial "A solid body guitar"
	refute_line --partial "column 1 of the menu"
}

@test "htmltext quality: a wrapper whose class names a header but which holds the page's main is no header (pt-header: room under a fixed header)" {
	{
		printf '<html><body><div class="pt-header"><main><h1>Top products launching today</h1>\n'
		for i in $(seq 12); do
			printf '<section><a href="/p/%d">Product %d</a><p><a href="/p/%d">Clean up your music library, and more, with product number %d of today</a></p></section>\n' "$i" "$i" "$i" "$i"
		done
		printf '</main></div><footer><p>Product Hunt, the place to launch and discover new tech products.</p></footer></body></html>\n'
	} > pt.html
	plain pt.html
	assert_line --partial "product number 1 of today"
	assert_line --partial "product number 12 of today"
	refute_line --partial "the place to launch"
}

@test "htmltext quality: a teaser of another page in the text (Related:, See also:, Lesen Sie auch: and a link) is not text; a sentence after the label is" {
	cat > teaser.html <<-'EOF'
	<html><head><title>Tides</title></head><body>
	<main><article><h1>How tides work</h1>
	<p>The moon pulls the oceans toward it, and the earth turns under the bulge twice a day, so most coasts see two high tides and two low ones.</p>
	<p><strong>Related:</strong> <a href="/storms">Why winter storms raise the sea</a></p>
	<p>See also: <a href="/pools">A guide to the rock pools of the north coast</a></p>
	<p>Lesen Sie auch: <a href="/de/ebbe">Ebbe und Flut an der Nordsee</a></p>
	<p>Related: the harbour's tide gauge has been read every hour since <a href="/1850">1850</a>, by hand until 1990.</p>
	<p>Read more: <a href="/moon">The moon and its pull</a></p>
	<p>Spring tides come when the sun and the moon pull together; neap tides when they pull at right angles to each other.</p>
	</article></main></body></html>
	EOF
	plain teaser.html
	refute_line --partial 'Why winter storms'
	refute_line --partial 'rock pools of the north coast'
	refute_line --partial 'Ebbe und Flut'
	assert_line --partial "the harbour's tide gauge"
	assert_line 'Read more: The moon and its pull'
	assert_line --partial 'Spring tides come'
}

@test "htmltext quality: a marquee (one phrase of up to four words repeated four times or more, and nothing else) is not text; a repeated word inside a sentence is" {
	cat > marquee.html <<-'EOF'
	<html><head><title>Packaging</title></head><body>
	<main><h1>Packaging design</h1>
	<p>We design packaging that combines visual elegance with intent, so that a product stands out on the shelf.</p>
	<div class="marquee"><span>Book Now <span>*</span></span><span>Book Now <span>*</span></span><span>Book Now <span>*</span></span><span>Book Now <span>*</span></span><span>Book Now <span>*</span></span></div>
	<div aria-hidden="true">word word word word word word word word word word word word word word word word</div>
	<p>Ha ha ha ha, said the client, who had waited three months for a sample and laughed when it came.</p>
	<p>Our studio has worked with brands in forty countries since it opened its doors in 2009.</p>
	</main></body></html>
	EOF
	plain marquee.html
	refute_line --partial 'Book Now'
	refute_line --partial 'word word'
	assert_line --partial 'Ha ha ha ha, said the client'
	assert_line --partial 'Our studio has worked'
	run htmltext --markdown marquee.html
	refute_output --partial 'Book Now'
	assert_output --partial 'Our studio has worked'
}

@test "htmltext quality: a template's placeholder (Lorem ipsum and the Latin after it, its heading too) is not text beside a text of its own; a page that is all placeholder gives it; the Latin words alone are no placeholder" {
	cat > lorem.html <<-'EOF'
	<html><head><title>Standing desks</title></head><body>
	<main><h1>Standing desks</h1>
	<p>Our desks rise from 62 to 127 centimetres in twenty seconds, quietly, on two motors.</p>
	<div class="tab-template"><h3>Lorem Ipsum 2</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>
	<p>Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p></div>
	<p>Designers fill a mock-up with lorem ipsum until the real words arrive from the client.</p>
	<p>Every desk comes with a ten-year warranty on the frame and five years on the motors.</p>
	<p>The top is solid oak or birch plywood, oiled by hand in our workshop in the north.</p>
	</main></body></html>
	EOF
	plain lorem.html
	refute_line --partial 'dolor sit amet'
	refute_line --partial 'Ut enim ad minim'
	refute_line 'Lorem Ipsum 2'
	assert_line --partial 'fill a mock-up with lorem ipsum'
	assert_line --partial 'ten-year warranty'
	run htmltext --markdown lorem.html
	refute_output --partial 'dolor sit amet'
	refute_output --partial 'Lorem Ipsum 2'
	assert_output --partial 'ten-year warranty'
	# a theme's demo, all placeholder but its title: what it is
	sed -e '/Our desks rise/d' -e '/Designers fill/d' -e '/Every desk/d' -e '/The top is/d' lorem.html > demo.html
	plain demo.html
	assert_line --partial 'dolor sit amet'
	assert_line --partial 'Ut enim ad minim'
	# without a Lorem ipsum, Latin's words are French's too
	sed -e '/tab-template/d' -e '/Ut enim/d' -e 's|<p>Designers fill|<p>Qui est-ce ?</p><p>Designers fill|' lorem.html > french.html
	plain french.html
	assert_line 'Qui est-ce ?'
}

@test "htmltext quality: words that an element's edge parts (a block by its style) are two: a capital after a word or a sentence's end; a drop cap, iPhone, McDonald's and React's comments join" {
	cat > edge.html <<-'EOF'
	<html><body><article><h1>Edges</h1>
	<ul><li><b class="title">Industry Competency</b>Our experts know the trade and the tools of many industries well.</li></ul>
	<p><span>Meditation changes the brain in many measurable ways.</span><span>The effect grows with years of practice.</span></p>
	<p>The film runs 1h 54m<span>R</span> and it was shown on<a href="/d">February 3</a> in many cities.</p>
	<p><span class="dropcap">T</span>he drop cap starts this paragraph, which is long enough to be kept.</p>
	<p>React writes Hello<!-- -->World between two parts of one word, and that stays as it is.</p>
	<p>The new <b>i</b>Phone model and Mc<span>D</span>onald's are rare words split by an element.</p>
	</article></body></html>
	EOF
	plain edge.html
	assert_line 'Industry Competency Our experts know the trade and the tools of many industries well.'
	assert_line 'Meditation changes the brain in many measurable ways. The effect grows with years of practice.'
	assert_line 'The film runs 1h 54m R and it was shown on February 3 in many cities.'
	assert_line 'The drop cap starts this paragraph, which is long enough to be kept.'
	assert_line 'React writes HelloWorld between two parts of one word, and that stays as it is.'
	assert_line "The new iPhone model and McDonald's are rare words split by an element."
	run htmltext --markdown --plain edge.html
	assert_line -- '- **Industry Competency** Our experts know the trade and the tools of many industries well.'
}

@test "htmltext quality: a list written with <br>s (1. Norway, • Wifi) keeps its short items as a list does; a short line that is no item stays out" {
	cat > brlist.html <<-'EOF'
	<html><body><article><h1>Ranks</h1>
	<p>The report ranked ten wealthy countries by the chances a child born poor has of doing well.</p>
	<p>The overall rankings were as follows:<span> <br>1. Finland <span> <br>2. Norway<span> <br>3) Spain</span></span></span></p>
	<p>The hotel has what you would expect of one of its kind:<br>• Wifi<br>- Pool<br>Bar</p>
	<p>More text follows here, and it is also part of the article, with enough words to count.</p>
	</article></body></html>
	EOF
	plain brlist.html
	assert_line '1. Finland'
	assert_line '2. Norway'
	assert_line '3) Spain'
	assert_line '• Wifi'
	assert_line '- Pool'
	refute_line 'Bar'
}

@test "htmltext quality: a line is measured in columns, so a short Chinese, Japanese or Korean sentence is a line (晚餐準備了砂鍋魚頭); CJK controls in their brackets (【関連記事】, 正在加载...) and an editor's or a source's credit (（责任编辑：马骏）, 来源：新华网) are not text" {
	cat > cjk.html <<-'EOF'
	<html lang="zh"><body><article><h1>美樹營地</h1>
	<p>我們這次去了美樹營地露營，營地的環境很好，晚上可以看到很多星星，孩子們都玩得很開心。</p>
	<p>晚餐準備了砂鍋魚頭</p>
	<p>Dinner ok</p>
	<p>【関連記事】</p>
	<p>正在加载...</p>
	<p>第二天早上我們很早就起床，在營地附近散步，空氣非常新鮮，還看到了好幾種小鳥。</p>
	<p>（责任编辑：马骏）</p>
	<p>来源：新华网</p>
	<p>编辑部的故事很有意思，大家都喜欢看。</p>
	</article></body></html>
	EOF
	plain cjk.html
	assert_line '晚餐準備了砂鍋魚頭'
	refute_line 'Dinner ok'
	refute_line '【関連記事】'
	refute_line '正在加载...'
	assert_line --partial '第二天早上'
	refute_line --partial '责任编辑'
	refute_line --partial '新华网'
	assert_line '编辑部的故事很有意思，大家都喜欢看。'
}

@test "htmltext quality: a sentence whose links are long (80 characters of its own or more) is no block of links; a row of links with a few words between them is" {
	cat > prose.html <<-'EOF'
	<html><body><article><h1>Criticism</h1>
	<p>The piece drew many answers over the following week, most of them from people who had not read it to the end.</p>
	<p>The response, from all quarters, including someone who is so sensitive to criticism that one word is <a href="/a">enough to shut him down</a>, who <a href="/b">blocked a friend of mine for the high crime of pointing out that his review left out the people without the money for such things</a>, is, in a single word, disgusting.</p>
	<p>See <a href="/c">the first article of the series</a> and <a href="/d">the second article of the series</a> or <a href="/e">the third one</a>.</p>
	<p>The rest of the piece goes on with the answers that were worth reading, and there were a few of them.</p>
	</article></body></html>
	EOF
	plain prose.html
	assert_line --partial 'The response, from all quarters'
	refute_line --partial 'the first article of the series'
}

@test "htmltext quality: controls in Russian, Polish, Czech and Turkish (Поделиться, Czytaj więcej, Sdílet, Devamını oku) are not text; a sentence with the word is" {
	cat > ctl.html <<-'EOF'
	<html><body><article><h1>Новости</h1>
	<p>Вчера в городе открылся новый парк, и жители пришли посмотреть на него всей семьёй.</p>
	<p>Поделиться</p>
	<p>Реклама</p>
	<p>Czytaj więcej</p>
	<p>Sdílet</p>
	<p>Devamını oku</p>
	<p>Поделиться новостью с друзьями можно было прямо в парке, у входа стоял стенд.</p>
	</article></body></html>
	EOF
	plain ctl.html
	refute_line 'Поделиться'
	refute_line 'Реклама'
	refute_line 'Czytaj więcej'
	refute_line 'Sdílet'
	refute_line 'Devamını oku'
	assert_line --partial 'Поделиться новостью'
	assert_line --partial 'Вчера в городе'
}

@test "htmltext quality: a box whose heading says what it is in Russian, Polish, Czech or Turkish (Читайте также, Zobacz także, Související články, İlgili haberler) is noise" {
	cat > boxes.html <<-'EOF'
	<html><body><article><h1>Новости</h1>
	<p>Вчера в городе открылся новый парк, и жители пришли посмотреть на него всей семьёй.</p>
	<p>Парк занимает десять гектаров, в нём есть пруд, детская площадка и большая поляна.</p>
	</article>
	<div><h3>Читайте также</h3><ul><li>В соседнем районе тоже откроют парк, но только через год</li></ul></div>
	<div><h3>Zobacz także</h3><p>Nowy park w sąsiednim mieście otwarto w zeszłym tygodniu.</p></div>
	<div><h3>Související články</h3><p>Nový park v sousedním městě byl otevřen minulý týden.</p></div>
	<div><h3>İlgili haberler</h3><p>Komşu şehirde yeni park geçen hafta açıldı ve çok beğenildi.</p></div>
	</body></html>
	EOF
	plain boxes.html
	assert_line --partial 'Вчера в городе'
	refute_line --partial 'В соседнем районе'
	refute_line --partial 'Nowy park'
	refute_line --partial 'Nový park'
	refute_line --partial 'Komşu şehirde'
}

@test "htmltext quality: a teaser of another page in Russian, Polish, Czech or Turkish (Читайте также:, Zobacz też:, Čtěte také:, İlgili haber: and a link) is not text" {
	cat > teasers.html <<-'EOF'
	<html><body><article><h1>Новости</h1>
	<p>Вчера в городе открылся новый парк, и жители пришли посмотреть на него всей семьёй.</p>
	<p>Читайте также: <a href="/a">В соседнем районе тоже откроют парк</a></p>
	<p>Zobacz też: <a href="/b">Nowy park w sąsiednim mieście</a></p>
	<p>Čtěte také: <a href="/c">Nový park v sousedním městě</a></p>
	<p>İlgili haber: <a href="/d">Komşu şehirde yeni park açıldı</a></p>
	<p>Парк занимает десять гектаров, в нём есть пруд, детская площадка и большая поляна.</p>
	</article></body></html>
	EOF
	plain teasers.html
	assert_line --partial 'Вчера в городе'
	refute_line --partial 'В соседнем районе'
	refute_line --partial 'Nowy park'
	refute_line --partial 'Nový park'
	refute_line --partial 'Komşu şehirde'
}

@test "htmltext quality: a cookie notice in the text (uses cookies, and asks for consent) is not text; a sentence about cookies is" {
	cat > cookies.html <<-'EOF'
	<html><body><main><h1>Cordless drill</h1>
	<p>A compact drill with two speeds, a clutch of twenty settings and a battery that lasts a day.</p>
	<p>Clearing cookies and cache will not reset the drill's warranty registration.</p>
	<div class="notice-bar">This website uses cookies to improve your experience. By using our site, you agree to our cookie use and Privacy Policy.</div>
	<p>Wir verwenden Cookies, um Ihnen das beste Erlebnis zu bieten. Bitte stimmen Sie zu: Akzeptieren Sie alle.</p>
	<p>The chuck takes bits up to 13 mm and locks without a key.</p>
	</main></body></html>
	EOF
	plain cookies.html
	assert_line --partial 'A compact drill'
	assert_line --partial 'Clearing cookies and cache'
	assert_line --partial 'The chuck takes'
	refute_line --partial 'uses cookies'
	refute_line --partial 'Wir verwenden Cookies'
}

@test "htmltext quality: an article's affiliate disclosure (affiliate links, and the site earns by them) is not text; a sentence on commissions is, and a service page's disclosure" {
	cat > disclosure.html <<-'EOF'
	<html><head><meta property="og:type" content="article"><meta property="article:published_time" content="2025-03-01"></head><body><article><h1>The best trail shoes</h1>
	<p>This post may contain affiliate links.</p>
	<p>We ran two hundred miles in twelve pairs of trail shoes over muddy and rocky ground this winter.</p>
	<p>Streamers earn a commission when viewers buy games through their links, and so do some runners.</p>
	<p>When you buy through our links, we may earn a commission at no extra cost to you.</p>
	<p>The lightest pair weighed 240 grams and still gripped wet granite better than the rest.</p>
	</article></body></html>
	EOF
	plain disclosure.html
	assert_line --partial 'We ran two hundred miles'
	assert_line --partial 'Streamers earn a commission'
	refute_line --partial 'may contain affiliate links'
	refute_line --partial 'we may earn a commission'
	as_service disclosure.html
	assert_output --partial 'may contain affiliate links'
}

@test "htmltext quality: a copyright notice beside the text (All rights reserved, Alle Rechte vorbehalten) is not text; a sentence on copyright is" {
	cat > copyright.html <<-'EOF'
	<html><body><main><h1>River walks</h1>
	<p>The path follows the river for six miles, past two mills and a ruined abbey.</p>
	<p>Copyright law lets the mills' owners keep their old signs, the guide says.</p>
	<div class="row"><span>© 2025 River Walks Ltd. All rights reserved.</span></div>
	<div class="row"><span>© 2025 Flusswege GmbH. Alle Rechte vorbehalten.</span></div>
	<p>Bring water: there is no café between the bridge and the abbey.</p>
	</main></body></html>
	EOF
	plain copyright.html
	assert_line --partial 'The path follows the river'
	assert_line --partial 'Copyright law lets'
	assert_line --partial 'Bring water'
	refute_line --partial 'All rights reserved'
	refute_line --partial 'Alle Rechte vorbehalten'
}

@test "htmltext quality: a newsletter sign-up (Sign up for our newsletter, delivered to your inbox) is not text; a sentence about newsletters is, and a service page's offer" {
	cat > newsletter.html <<-'EOF'
	<html><head><meta property="og:type" content="article"><meta property="article:published_time" content="2025-03-01"></head><body><article><h1>Printing at home</h1>
	<p>A laser printer costs more at first and less per page after a year of weekly printing.</p>
	<p>Like this article? Subscribe to our newsletter for more tips.</p>
	<p>The best of the week, delivered to your inbox every Friday.</p>
	<p>🚀 Join our mailing list!</p>
	<p>Jetzt zum Newsletter anmelden und nichts verpassen.</p>
	<p>I read the three printing newsletters I subscribe to, and none of them tested toner.</p>
	<p>The newsletter has 30,000 subscribers, most of them in small offices.</p>
	<p>Inkjet ink dries out when a printer sits unused for a month or more.</p>
	</article></body></html>
	EOF
	plain newsletter.html
	assert_line --partial 'A laser printer costs more'
	assert_line --partial 'newsletters I subscribe to'
	assert_line --partial '30,000 subscribers'
	assert_line --partial 'Inkjet ink dries out'
	refute_line --partial 'Subscribe to our newsletter'
	refute_line --partial 'delivered to your inbox'
	refute_line --partial 'Join our mailing list'
	refute_line --partial 'Newsletter anmelden'
	# a service page keeps its offer, as every section of it
	as_service newsletter.html
	assert_output --partial 'delivered to your inbox'
}

@test "htmltext quality: a sign-in prompt (Sign in to comment, You must be logged in to post, Connectez-vous pour commenter) is not text; an instruction to log in to something is" {
	cat > login.html <<-'EOF'
	<html><body><main><h1>Desk lamps</h1>
	<p>A lamp with a warm light and a long arm lights a desk without glare on the screen.</p>
	<p>Sign in to add this item to your wishlist, follow it, or mark it as ignored</p>
	<p>You must be logged in to post a comment.</p>
	<p>Already have an account? Log in</p>
	<p>Connectez-vous pour commenter cet article.</p>
	<p>Log in to your router's settings page and turn the lamp's schedule on.</p>
	<p>Our readers log in to the forum to compare lamps every week.</p>
	<p>The brightest lamp we tried gave 1,000 lumens at full power.</p>
	</main></body></html>
	EOF
	plain login.html
	assert_line --partial 'A lamp with a warm light'
	assert_line --partial "Log in to your router's settings page"
	assert_line --partial 'Our readers log in to the forum'
	assert_line --partial 'The brightest lamp'
	refute_line --partial 'Sign in to add this item'
	refute_line --partial 'You must be logged in'
	refute_line --partial 'Already have an account'
	refute_line --partial 'Connectez-vous'
}

@test "htmltext quality: a form's thanks or a sign-off (Thanks for your feedback!, Thank you for subscribing, Merci pour votre inscription) is not text; thanks inside a paragraph, or for anything else, are" {
	cat > thanks.html <<-'EOF'
	<html><body><main><h1>Garden hoses</h1>
	<p>A rubber hose stays supple in the cold and lasts longer than a vinyl one.</p>
	<p>Thanks for your feedback!</p>
	<p>Thank you for subscribing to our weekly newsletter.</p>
	<p>Merci pour votre inscription.</p>
	<p>That is all for this week's garden notes, my friends. Thanks for reading, and water early.</p>
	<p>Thanks for your support!</p>
	<p>A brass connector outlasts a plastic one by years.</p>
	</main></body></html>
	EOF
	plain thanks.html
	assert_line --partial 'A rubber hose stays supple'
	assert_line --partial 'Thanks for reading, and water early.'
	assert_line 'Thanks for your support!'
	assert_line --partial 'A brass connector'
	refute_line 'Thanks for your feedback!'
	refute_line --partial 'Thank you for subscribing'
	refute_line --partial 'Merci pour votre inscription'
}
