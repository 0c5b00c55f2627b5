# htmltext on the seven kinds of page of htmltext(1)'s PAGE TYPES: one
# small page we wrote per structure that real pages of that kind have
# (WCXB's page types), each failing if its rule breaks; and a few real
# pages of the WCXB dev set (CC-BY-4.0, tests/data/wcxb/README).
bats_require_minimum_version 1.5.0
load helper

PROG=htmltext

# FILE, a forum page by its title "Tides - Forum", as an article's page
# (its title "Tides"): the page is typed article, and plain leaves its
# text in $output
as_article() {
	sed 's/<title>Tides - Forum/<title>Tides/' "$1" > article.html
	run htmltext --meta -u https://example.org/tides.html article.html
	assert_equal "$(cut -f 7 <<< "$output")" article
	plain -u https://example.org/tides.html article.html
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

@test "htmltext page types: on a service page a section named as noise (banner) that holds the h1 is its hero, kept, and so is one that holds a paragraph; a share bar in it is still left out; the page's main is its text" {
	{
		printf '<html><head><title>Customer service software</title><script type="application/ld+json">{"@type":"Service"}</script></head><body>\n'
		printf '<header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header>\n'
		printf '<section class="banner"><h1>The complete customer service solution</h1><p>Give agents a single workspace with complete customer views and answers that save time.</p>\n'
		printf '<div class="share-bar"><p>Share this page with your colleagues on every network.</p></div></section>\n'
		for s in Tickets Chat Voice Reports; do
			printf '<section class="block"><h2>%s</h2><p>Our %s tools let a team answer every customer from one place, on any channel they choose.</p></section>\n' "$s" "$s"
		done
		printf '<footer><p>Example Inc.</p></footer></body></html>\n'
	} > hero.html
	run --separate-stderr htmltext --meta hero.html
	assert_equal "$(cut -f 7 <<< "$output")" service
	plain hero.html
	assert_line 'Give agents a single workspace with complete customer views and answers that save time.'
	assert_line 'Our Reports tools let a team answer every customer from one place, on any channel they choose.'
	refute_line --partial 'Share this page'
	# a section so named that holds a paragraph is a band of the text; a
	# short one (a promotion's line) is still noise
	sed -e 's|<footer>|<section class="profile-banner"><h2>We are in your neighborhood</h2><p>The professionals at our offices are passionate about helping every customer, no matter how tough the problem: select your city to find the office nearest to you and talk to a person who knows it, and the pests of its streets, from the first call to the last visit of the season.</p></section><section class="promo-banner"><p>Save 20 percent this week.</p></section><footer>|' hero.html > band.html
	plain band.html
	assert_line --partial 'The professionals at our offices are passionate'
	refute_line --partial 'Save 20 percent'
	# the page's main (main, or role=main) when it holds most of the
	# text: a pre-footer outside it is left out
	for m in '<main>' '<div role="main">'; do
		e='</main>'
		[ "$m" = '<main>' ] || e='</div>'
		sed -e "s|<section class=\"banner\">|$m<section class=\"banner\">|" -e "s|<footer>|$e<div class=\"pre-foot\"><p>Ready to talk? Book a call with our team today and see the difference for yourself.</p></div><footer>|" hero.html > main.html
		plain main.html
		assert_line 'Our Reports tools let a team answer every customer from one place, on any channel they choose.'
		refute_line --partial 'Ready to talk'
	done
	sed -e "s|<footer>|<div class=\"pre-foot\"><p>Ready to talk? Book a call with our team today and see the difference for yourself.</p></div><footer>|" hero.html > nomain.html
	plain nomain.html
	assert_line --partial 'Ready to talk'
	# its blog's teasers, cards that are links holding paragraphs, are
	# its text (their headings: a line that is all link is still none);
	# a row of plain links is not
	sed -e 's|<footer>|<div class="teasers"><a href="/blog/1"><h3>Faster answers</h3><p>How one team halved the time it takes to answer a customer, with rules that route each ticket.</p></a><a href="/blog/2"><h3>Chat that scales</h3><p>Why a shop of ten people answers a thousand chats a day without hiring anyone new for it.</p></a></div><div class="more"><a href="/a">About us</a> <a href="/b">Careers at the company</a> <a href="/c">Our press kit</a></div><footer>|' hero.html > teasers.html
	plain teasers.html
	assert_line 'Faster answers'
	assert_line 'Chat that scales'
	refute_line --partial 'Careers at the company'
}

@test "htmltext page types: an undated page without an article element whose best container holds less than three quarters of the text is a page of sections (service); dated, it is an article" {
	# mk FILE [TIME]: a hero with a list, then a block of paragraphs
	mk() {
		{
			printf '<html><head><title>Cloud backup</title></head><body>\n'
			printf '<header><nav><a href="/">Home</a> <a href="/plans">Plans</a> <a href="/contact">Contact</a></nav></header>\n'
			printf '<div class="hero-wrap"><div class="row"><div class="col"><h1>Cloud backup for small offices</h1>%s\n' "$2"
			printf '<p>Every computer in the office, copied each night.</p><p>Lost laptops and failed disks cost you minutes, not days.</p>\n'
			printf '<ul><li>Encrypted before it leaves the building</li><li>Kept in two data centres</li></ul></div></div></div>\n'
			printf '<div class="details-wrap"><div class="row"><div class="col">\n'
			printf '<p>Every file on every computer in the office is copied to two data centres each night, encrypted before it leaves the building.</p>\n'
			printf '<p>When a laptop is lost or a disk fails, the files come back in minutes, to the same folders, with the same names.</p>\n'
			printf '<p>Nobody has to remember to do anything: the backup runs on its own and tells you only when something needs you.</p></div></div></div>\n'
			printf '<footer><p>Cloud backup, 5 Mill Lane.</p></footer></body></html>\n'
		} > "$1"
	}
	mk undated.html ""
	run --separate-stderr htmltext --meta undated.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" service
	plain undated.html
	assert_line 'Lost laptops and failed disks cost you minutes, not days.'
	assert_line 'Kept in two data centres'
	assert_line --partial 'Nobody has to remember to do anything'
	mk dated.html '<time datetime="2025-01-02">2 January 2025</time>'
	run --separate-stderr htmltext --meta dated.html
	assert_equal "$(cut -f 7 <<< "$output")" article
	plain dated.html
	refute_line 'Kept in two data centres'
	assert_line --partial 'Nobody has to remember to do anything'
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
		printf '<html><head><meta property="og:type" content="article"><meta property="article:published_time" content="2025-04-01T08:00:00Z"></head>\n'
		printf '<body><section class="story-article"><h1>Spring floods</h1>\n'
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
	# with nothing that says it is an article, a page whose containers
	# hold less than half of its text is a service page, all its sections
	# the text
	sed 's|<meta property="og:type" content="article"><meta property="article:published_time" content="[^"]*">||' stream.html > sections.html
	plain sections.html
	assert_line 'Paragraph 10 of the story tells what the river did to the town this spring.'
	assert_line 'Another story 25'
	# nor does og:type article alone, on a page neither dated nor signed
	sed 's|<meta property="article:published_time" content="[^"]*">||' stream.html > undated.html
	plain undated.html
	assert_line 'Another story 25'
}

@test "htmltext page types: a forum thread's posts are the text though their class says comment; comments under an article stay out" {
	{
		printf '<html><head><title>Budget for 2024?</title>\n'
		printf '<link rel="canonical" href="https://community.example.org/threads/budget-for-2024.5475/"></head><body>\n'
		printf '<header><a href="/">Perfume forum</a> <a href="/new">New posts</a></header>\n'
		printf '<main><h1>Budget for 2024?</h1><ol class="comment-list">\n'
		for who in Pippin Sharpe Bouquet Marlow; do
			printf '<li class="comment"><div class="comment-author">%s</div><time datetime="2023-12-30">Dec 30, 2023</time>\n' "$who"
			printf '<div class="message-userExtras"><dl><dt>Messages</dt><dd>1,024</dd></dl><dl><dt>Reaction score</dt><dd>2,048</dd></dl></div>\n'
			printf '<div class="comment-body"><p>%s plans to buy samples and decants this year, and a bottle or two at most.</p></div>\n' "$who"
			printf '<div class="post-signature"><p>%s: a signature under every post, a quote and a link to a collection.</p></div></li>\n' "$who"
		done
		printf '</ol></main><aside class="sidebar"><p>Members online now: a long list of names here.</p></aside>\n'
		printf '<footer><p>Community rules and the privacy policy of the forum.</p></footer></body></html>\n'
	} > thread.html
	run --separate-stderr htmltext --meta thread.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" forum
	plain thread.html
	for who in Pippin Sharpe Bouquet Marlow; do
		assert_line "$who plans to buy samples and decants this year, and a bottle or two at most."
	done
	refute_line --partial 'Members online'
	refute_line --partial 'privacy policy'
	# the user extras beside each post (XenForo's ranks and counts) are not
	refute_line --partial 'Reaction score'
	refute_line --partial 'a signature under every post'
	# the same comments under a news article are not its text
	{
		printf '<html><body><article><h1>Perfume prices rise</h1>\n'
		printf '<p>Perfume makers raised their prices again this winter, by a tenth on average.</p>\n'
		printf '<p>Samples and decants sell better than ever as buyers look for cheaper ways in.</p></article>\n'
		printf '<ol class="comment-list"><li class="comment"><p>A reader says the rise was to be expected after last year.</p></li></ol>\n'
		printf '</body></html>\n'
	} > news.html
	plain news.html
	assert_line 'Samples and decants sell better than ever as buyers look for cheaper ways in.'
	refute_line --partial 'A reader says'
}

@test "htmltext page types: og:type article on a page neither dated nor signed (an SEO plugin's default) is no article, nor an undated Article whose text is spread: a page of sections is a service page; a date or a byline makes it a story" {
	# mk FILE HEAD BYLINE: a hero with a list, then a block of paragraphs
	mk() {
		{
			printf '<html><head><title>Business formation</title><meta property="og:type" content="article">%s</head><body>\n' "$2"
			printf '<header><nav><a href="/">Home</a> <a href="/fees">Fees</a> <a href="/contact">Contact</a></nav></header>\n'
			printf '<div class="hero-wrap"><div class="row"><div class="col"><h1>Business formation lawyers</h1>%s\n' "$3"
			printf '<p>Every form your new company needs, filed on time.</p><p>Licences and taxes cost you minutes, not weeks.</p>\n'
			printf '<ul><li>A fixed fee for every filing</li><li>Lawyers who live in the city</li></ul></div></div></div>\n'
			printf '<div class="details-wrap"><div class="row"><div class="col">\n'
			printf '<p>Every form a new company needs is drawn up by our lawyers and filed with the state and the city, on time.</p>\n'
			printf '<p>When the rules change, we tell you what changed and what it means for you, before the next filing is due.</p>\n'
			printf '<p>Nobody has to remember a deadline: we keep the calendar and call you only when something needs you.</p></div></div></div>\n'
			printf '<footer><p>Law office, 1 Main Street.</p></footer></body></html>\n'
		} > "$1"
	}
	mk og.html "" ""
	run --separate-stderr htmltext --meta og.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" service
	plain og.html
	assert_line 'Lawyers who live in the city'
	assert_line --partial 'Nobody has to remember a deadline'
	mk dated.html '<meta property="article:published_time" content="2025-03-01T09:00:00Z">' ""
	run --separate-stderr htmltext --meta dated.html
	assert_equal "$(cut -f 7 <<< "$output")" article
	mk signed.html "" '<p class="byline">By Ann Lee</p>'
	run --separate-stderr htmltext --meta signed.html
	assert_equal "$(cut -f 7 <<< "$output")" article
	# so is a schema.org Article on a page neither dated nor signed whose
	# text is spread; its datePublished or author makes it one
	ld() {
		{
			printf '<html><head><title>Programs</title><script type="application/ld+json">{"@type":"Article","headline":"Programs"%s}</script></head><body>\n' "$2"
			printf '<header><nav><a href="/">Home</a> <a href="/apply">Apply</a></nav></header>\n'
			printf '<div class="hero-wrap"><div class="row"><div class="col"><h1>Professional programs</h1><p>Certificates for working professionals, in the evening and online.</p><ul><li>Taught by experts</li><li>On site for companies</li></ul></div></div></div>\n'
			for p in Accounting Finance Marketing; do
				printf '<div class="%s-wrap"><div class="row"><div class="col"><h2>%s</h2>\n' $p $p
				printf '<p>Our %s programs prepare working professionals for the certification exams of their field.</p>\n' $p
				printf '<p>Classes meet in the evening and online, so that nobody has to leave a job to take them.</p></div></div></div>\n'
			done
			printf '<footer><p>School of Business.</p></footer></body></html>\n'
		} > "$1"
	}
	ld ld.html ""
	run --separate-stderr htmltext --meta ld.html
	[ "$(cut -f 7 <<< "$output")" != article ]
	ld lddated.html ',"datePublished":"2025-03-01"'
	run --separate-stderr htmltext --meta lddated.html
	assert_equal "$(cut -f 7 <<< "$output")" article
}

@test "htmltext page types: a story whose comments hold more than twenty times its text is a discussion (a link aggregator's page): its comments are the text; fewer stay out" {
	{
		printf '<html><head><title>Project goals for 2024</title></head><body>\n'
		printf '<main><article><h1><a href="https://blog.example.org/goals">Project goals for 2024</a></h1>\n'
		printf '<p>A link to the project blog, posted by a reader.</p></article>\n'
		printf '<section class="comments"><ol class="comment-list">\n'
		for n in $(seq 1 30); do
			printf '<li class="comment"><div class="comment-author">reader%d</div>' "$n"
			printf '<p>Reader %d thinks the goals are ambitious, and that the async work should come first because everything else waits on it.</p></li>\n' "$n"
		done
		printf '</ol></section></main></body></html>\n'
	} > story.html
	run --separate-stderr htmltext --meta story.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" forum
	plain story.html
	assert_line --partial 'A link to the project blog'
	assert_line --partial 'Reader 1 thinks the goals are ambitious'
	assert_line --partial 'Reader 30 thinks the goals are ambitious'
	# three comments under a story are comments under an article
	sed '/Reader \([4-9]\|[1-3][0-9]\) /d' story.html > few.html
	run --separate-stderr htmltext --meta few.html
	assert_equal "$(cut -f 7 <<< "$output")" article
	plain few.html
	assert_line --partial 'A link to the project blog'
	refute_line --partial 'Reader 1 thinks'
}

@test "htmltext page types: on a forum a post's text in a form without visible controls (old Reddit's edit form) is text; a reply form with a textarea is not; elsewhere such a form stays out" {
	{
		printf '<html><head><title>Hair follicles grown in the lab</title>\n'
		printf '<link rel="canonical" href="https://forum.example.com/threads/hair-follicles.5475/"></head><body>\n'
		printf '<div class="content"><div class="sitetable">\n'
		for who in Ragnar Baron Zissoo; do
			printf '<div class="thing comment"><p class="tagline">%s 188 points 17 hours ago</p>\n' "$who"
			printf '<form action="#" class="usertext"><input type="hidden" name="thing_id" value="t1"><div class="md"><p>%s wonders whether this could also cure tinnitus, if new cells in the inner ear can be grown.</p></div></form></div>\n' "$who"
		done
		printf '</div><form class="reply"><textarea name="text"></textarea><p>Please be civil when you write your reply to the others.</p><button>save</button></form></div></body></html>\n'
	} > reddit.html
	run --separate-stderr htmltext --meta reddit.html
	assert_equal "$(cut -f 7 <<< "$output")" forum
	plain reddit.html
	assert_line 'Ragnar wonders whether this could also cure tinnitus, if new cells in the inner ear can be grown.'
	assert_line 'Zissoo wonders whether this could also cure tinnitus, if new cells in the inner ear can be grown.'
	refute_line --partial 'Please be civil'
	# not a forum: the form stays out
	{
		printf '<html><body><article><h1>Ferries</h1><p>The island ferry runs four times a day from Monday, down from six in the summer months.</p>\n'
		printf '<p>The last boat leaves the harbour at half past six in the evening, an hour earlier than now.</p></article>\n'
		printf '<form action="/compare"><input type="hidden" name="ids"><div class="grid"><p>Ferry card one: a product tile with a name and a long description of it.</p></div></form></body></html>\n'
	} > shop.html
	plain shop.html
	assert_line --partial 'The last boat leaves'
	refute_line --partial 'Ferry card one'
}

@test "htmltext page types: on a question page the comments under each post are not its text, the question and the answers are; a thread whose replies are one comment section keeps them" {
	{
		printf '<html><head><title>Focus the file pane</title>\n'
		printf '<link rel="canonical" href="https://qa.example.org/questions/442960/focus-the-file-pane"></head><body>\n'
		printf '<main><h1>Focus the file pane</h1>\n'
		for post in question answer1 answer2; do
			printf '<div class="post-layout"><div class="postcell"><p>The %s says how to move the focus to the list of files with the keyboard alone.</p>' "$post"
			[ "$post" = answer2 ] || printf '<p>The %s goes on with a second paragraph about the shortcut and when it works.</p>' "$post"
			printf '</div>\n<div class="comments"><ul class="comments-list">'
			n=1
			[ "$post" != answer2 ] || n=3	# a short answer, longer comments
			for c in $(seq "$n"); do
				printf '<li class="comment"><span class="comment-copy">Comment %d on the %s: it works for me too, thanks.</span> <a href="/users/%d">user%d</a> <span class="comment-date">Commented Mar 17, 2016</span></li>' "$c" "$post" "$c" "$c"
			done
			printf '</ul></div></div>\n'
		done
		printf '</main></body></html>\n'
	} > qa.html
	run --separate-stderr htmltext --meta qa.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" forum
	plain qa.html
	for post in question answer1 answer2; do
		assert_line "The $post says how to move the focus to the list of files with the keyboard alone."
	done
	refute_line --partial 'Comment 1 on the'
	refute_line --partial 'Commented Mar 17'
	# one thread whose replies are the page's one comment section: they
	# are the posts
	{
		printf '<html><head><title>Open source ends</title>\n'
		printf '<link rel="canonical" href="https://forum.example.org/discussion/39020/open-source-ends"></head><body>\n'
		printf '<main><div class="discussion"><h1>Open source ends</h1>'
		for i in 1 2 3 4; do
			printf '<p>The first post of the thread tells the news at length, paragraph %d of it.</p>' "$i"
		done
		printf '</div>\n<div class="CommentsWrap"><ul class="Comments">'
		for who in Ana Ben; do
			printf '<li class="ItemComment"><p>%s replies to the news with a short post of their own.</p></li>' "$who"
		done
		printf '</ul></div></main></body></html>\n'
	} > vanilla.html
	plain vanilla.html
	assert_line 'Ana replies to the news with a short post of their own.'
	assert_line 'Ben replies to the news with a short post of their own.'
}

@test "htmltext page types: a listing is its 30 cards, not one card, without the filter panel and the pager; in a main, the main" {
	{
		printf '<html><head><title>Garden tools</title></head><body>\n'
		printf '<header><nav><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/help">Help</a></nav></header>\n'
		printf '<form class="filters"><h3>Filter by brand</h3><label><input type="checkbox"> Acme tools and spades (12)</label>\n'
		printf '<label><input type="checkbox"> Brand of the valley (7)</label></form>\n'
		printf '<div class="results">\n'
		for i in $(seq 30); do
			printf '<div class="card"><h3><a href="/tool/%d">Garden tool number %d</a></h3>\n' "$i" "$i"
			printf '<p>Tool %d digs, rakes or trims.</p><a href="/cart/%d">Add tool %d to the cart</a></div>\n' "$i" "$i" "$i"
		done
		printf '</div><nav class="pagination"><a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=3">Next page of tools</a></nav>\n'
		printf '<footer><p>Garden tools shop, all rights reserved, since 1990.</p></footer></body></html>\n'
	} > listing.html
	run --separate-stderr htmltext --meta listing.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" listing
	plain listing.html
	for i in 1 2 15 30; do
		assert_line "Garden tool number $i"
		assert_line "Tool $i digs, rakes or trims."
		assert_line "Add tool $i to the cart"
	done
	assert_equal "${#lines[@]}" 91
	refute_line --partial 'Filter by'
	refute_line --partial 'Next page'
	refute_line --partial 'rights reserved'
	# in a main, the main: the shop's promise under it is left out
	sed -e 's|<div class="results">|<main><div class="results">|' -e 's|<footer>|</main><div class="promise"><p>We plant a tree for every tool you buy from our garden shop this year.</p></div><footer>|' listing.html > main.html
	plain main.html
	assert_line 'Garden tool number 30'
	refute_line --partial 'We plant a tree'
}

@test "htmltext page types: a listing's cards inside a container named for noise (related-product) are its text; the filter panel beside them is not" {
	{
		printf '<html><head><title>Economy</title></head><body>\n'
		printf '<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>\n'
		printf '<main><h1>Economy</h1><div class="intro"><p>The economy pages follow markets, trade, jobs and prices around the world, with the stories of the people and the firms behind the figures, every day of the week, from our reporters in forty countries.</p></div>\n'
		printf '<section class="related-product"><div class="sidebar-filters"><h3>Filter by region</h3>\n'
		printf '<a href="?r=1">Africa</a> <a href="?r=2">Asia</a> <a href="?r=3">Europe and the rest of the world</a></div>\n'
		printf '<div class="content-listing">\n'
		for i in $(seq 12); do
			printf '<article class="card"><h3><a href="/story/%d">Markets move on story %d</a></h3>\n' "$i" "$i"
			printf '<p>What happened on day %d, told in one line.</p></article>\n' "$i"
		done
		printf '</div></section></main>\n'
		printf '<footer><p>The news site, all rights reserved, since 1996.</p></footer></body></html>\n'
	} > feed.html
	run --separate-stderr htmltext -u https://news.example/tag/economy feed.html
	assert_success
	plain -u https://news.example/tag/economy feed.html
	assert_line --partial 'The economy pages follow markets'
	for i in 1 6 12; do
		assert_line "Markets move on story $i"
		assert_line "What happened on day $i, told in one line."
	done
	refute_line --partial 'Filter by'
	refute_line --partial 'rights reserved'
}

@test "htmltext page types: a page the parser put inside a <button> keeps its text; a button's own label is not text" {
	{
		printf '<html><body><header><button class="menu-button"><span>Menu of the site and its sections</span>\n'
		printf '<main><article><h1>A misparsed page</h1>\n'
		printf '<p>An unclosed button puts the rest of this page inside it, as libxml2 parses it.</p>\n'
		printf '<p>A browser shows the article all the same, and so must we.</p></article></main>\n'
		printf '</header></body></html>\n'
	} > button.html
	plain button.html
	assert_output - <<-'EOF'
	A misparsed page

	An unclosed button puts the rest of this page inside it, as libxml2 parses it.
	A browser shows the article all the same, and so must we.
	EOF
	printf '<html><body><p>A paragraph of text that is long enough to keep.</p><p><button>Subscribe to our newsletter today</button></p></body></html>\n' > label.html
	plain label.html
	refute_output --partial Subscribe
}

@test "htmltext page types: a grid that writes a JSON-LD block for each of its products is a collection; an Article that reviews three is not one" {
	shoe() {
		printf '<article class="card"><a href="/p/%s">%s running shoe. Color grey. On sale for $%s.00.</a>' "$1" "$1" "$2"
		printf '<script type="application/ld+json">{"@context":"http://schema.org","@type":"Product","name":"%s","offers":{"@type":"Offer","price":"%s.00"}}</script></article>\n' "$1" "$2"
	}
	{
		printf '<html><body><h1>Search results</h1><div id="products">\n'
		shoe Glide 80; shoe Tempo 95; shoe Strider 120; shoe Cloud 140
		printf '</div></body></html>\n'
	} > grid.html
	{
		printf '<html><head><script type="application/ld+json">{"@type":"Article","headline":"Three shoes reviewed"}</script></head><body><h1>Three shoes reviewed</h1>\n'
		printf '<p>We ran a hundred miles in each of these shoes, and this is what we found about them.</p>\n'
		shoe Glide 80; shoe Tempo 95; shoe Strider 120
		printf '</body></html>\n'
	} > review.html
	run --separate-stderr htmltext --meta grid.html review.html
	assert_success
	assert_equal "$(cut -f 1,7 <<< "$output")" "$(printf 'grid.html\tcollection\nreview.html\tproduct')"
	run --separate-stderr htmltext grid.html
	assert_output --partial "Strider running shoe"
	assert_output --partial "Cloud running shoe"
}

@test "htmltext page types: fifteen prices or more make a collection when they are dense (a grid's cards); an article on what things cost names as many in far more text" {
	{
		printf '<html><body><h1>Lamps</h1><div class="grid">\n'
		for i in $(seq 16); do
			printf '<div class="tile"><h3>Lamp %s</h3><p>$%s.00</p></div>\n' "$i" "$((20 + i))"
		done
		printf '</div></body></html>\n'
	} > grid.html
	{
		printf '<html><body><h1>What a kitchen renovation costs</h1>\n'
		for i in $(seq 16); do
			printf '<p>Step %s of the work costs about $%s00 in most cities, though the price depends on the size of the room, the materials chosen and how much of the old kitchen has to come out before the new one goes in.</p>\n' "$i" "$((10 + i))"
		done
		printf '</body></html>\n'
	} > costs.html
	run --separate-stderr htmltext --meta grid.html costs.html
	assert_success
	assert_equal "$(cut -f 1,7 <<< "$output")" "$(printf 'grid.html\tcollection\ncosts.html\tarticle')"
}

@test "htmltext page types: an ItemList is a listing, but not beside an Article (a review's list of the things it ranks)" {
	mk() {
		{
			printf '<html><head><script type="application/ld+json">[%s{"@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"name":"Kettle A"},{"@type":"ListItem","position":2,"name":"Kettle B"}]}]</script></head><body>\n' "$2"
			printf '<h1>The best kettles</h1><p>We boiled a thousand litres of water to find the kettles worth buying this year.</p>\n'
			printf '<h2>Kettle A</h2><p>Kettle A boils a litre in three minutes and stays quiet while it does, which matters early in the morning.</p>\n'
			printf '<h2>Kettle B</h2><p>Kettle B is slower but keeps the water warm for an hour, and its handle never gets hot to the touch.</p>\n'
			printf '</body></html>\n'
		} > "$1"
	}
	mk list.html ""
	mk review.html '{"@type":"Article","headline":"The best kettles","datePublished":"2025-05-01"},'
	run --separate-stderr htmltext --meta list.html review.html
	assert_success
	assert_equal "$(cut -f 1,7 <<< "$output")" "$(printf 'list.html\tlisting\nreview.html\tarticle')"
}

@test "htmltext page types: a blog's index of eight dated posts is a listing, even when its schema says Article" {
	{
		printf '<html><head><script type="application/ld+json">{"@type":"Article","headline":"The blog"}</script></head><body><h1>The blog</h1>\n'
		for i in 1 2 3 4 5 6 7 8; do
			printf '<article><h2><a href="/post/%s">Post number %s of the blog</a></h2><time datetime="2025-01-0%s">January %s</time><p>What we learned in week %s about building the thing, and why it matters to you.</p></article>\n' $i $i $i $i $i
		done
		printf '</body></html>\n'
	} > index.html
	run --separate-stderr htmltext --meta index.html
	assert_equal "$(cut -f 7 <<< "$output")" listing
	run --separate-stderr htmltext index.html
	assert_output --partial "Post number 1 of the blog"
	assert_output --partial "Post number 8 of the blog"
	sed -i 's|<time datetime="2025-01-08">January 8</time>||' index.html
	run --separate-stderr htmltext --meta index.html
	assert_equal "$(cut -f 7 <<< "$output")" article
}

@test "htmltext page types: --meta names the type from schema.org, og:type, the URL and the structure" {
	printf '<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue shoe","offers":{"@type":"Offer","price":"59.00"}}</script></head><body><p>A blue shoe made of wool, for walking all day in the city.</p></body></html>\n' > product.html
	printf '<html><head><meta property="og:type" content="product.group"></head><body><p>Every shoe we make, for walking all day in the city.</p></body></html>\n' > group.html
	printf '<html><body><div itemscope itemtype="http://schema.org/DiscussionForumPosting"><p>A question about shoes that are made of wool.</p></div></body></html>\n' > post.html
	printf '<html><body><h1>fetch</h1><p>The fetch call returns a promise for the response.</p><pre>fetch(url)</pre><pre>.then(r =&gt; r.json())</pre><pre>.then(show)</pre></body></html>\n' > doc.html
	printf '<html><body><p>Plain words in a paragraph that is long enough.</p></body></html>\n' > plain.html
	run --separate-stderr htmltext --meta product.html group.html post.html doc.html plain.html
	assert_success
	assert_equal "$(cut -f 1,7 <<< "$output")" "$(printf 'product.html\tproduct\ngroup.html\tcollection\npost.html\tforum\ndoc.html\tdocumentation\nplain.html\tarticle')"
	run --separate-stderr htmltext --meta -u https://example.org/services/garden-design plain.html
	assert_equal "$(cut -f 7 <<< "$output")" service
	printf '<html><body><h1>Wool shoe</h1><p class="price">$59.00</p><div class="add-to-cart"><button>Add to cart</button></div><p>A shoe made of wool, for walking all day in the city.</p></body></html>\n' > cart.html
	run --separate-stderr htmltext --meta cart.html
	assert_equal "$(cut -f 7 <<< "$output")" product
	run --separate-stderr htmltext --meta -u https://example.org/topic/1234-wool-shoes plain.html
	assert_equal "$(cut -f 7 <<< "$output")" forum
	run --separate-stderr htmltext --meta -u https://example.org/topics/health/walking plain.html
	assert_equal "$(cut -f 7 <<< "$output")" article
	printf 'https://example.org/docs/intro\t<p>Plain words in a paragraph that is long enough.</p>\n' > pages.tsv
	run --separate-stderr htmltext --tsv --meta pages.tsv
	assert_equal "$(cut -f 7 <<< "$output")" documentation
}

@test "htmltext page types: a title that names a forum (Shoe Forum, Foren, phpBB's View topic) makes a forum page, but not on an Article (a story on the World Economic Forum)" {
	body='<body><h1>Wool shoes that squeak</h1><p>My new wool shoes squeak on every step I take in the office.</p><p>Try a little talc inside them, that fixed mine within a day.</p></body></html>'
	printf '<html><head><title>Wool shoes that squeak - Shoe Forum</title></head>%s\n' "$body" > forum.html
	printf '<html><head><title>Schuhe &bull; Foren</title></head>%s\n' "$body" > foren.html
	printf '<html><head><title>Walkers &bull; View topic - Wool shoes that squeak</title></head>%s\n' "$body" > phpbb.html
	printf '<html><head><title>Wool shoes that squeak - Shoe Forums</title><meta property="og:type" content="article"></head><body><time datetime="2025-01-20">Jan 20</time>%s\n' "${body#<body>}" > story.html
	printf '<html><head><title>Forumla shoes: a view of the topic</title></head>%s\n' "$body" > other.html
	run --separate-stderr htmltext --meta forum.html foren.html phpbb.html story.html other.html
	assert_success
	assert_equal "$(cut -f 1,7 <<< "$output")" "$(printf 'forum.html\tforum\nforen.html\tforum\nphpbb.html\tforum\nstory.html\tarticle\nother.html\tarticle')"
}

@test "htmltext page types: og:type product with a grid of prices and no Product entity is a collection; with a product word in the URL, a product" {
	{
		printf '<html><head><meta property="og:type" content="product"></head><body><main><h1>Indoor pots</h1><p>Pots and pottery for indoor plants, in every style.</p>\n'
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
			printf '<div class="card"><a href="/p/%s">Clay pot number %s</a><span>$%s.00</span></div>\n' $i $i $i
		done
		printf '</main></body></html>\n'
	} > grid.html
	run --separate-stderr htmltext --meta grid.html
	assert_equal "$(cut -f 7 <<< "$output")" collection
	run --separate-stderr htmltext grid.html
	assert_output --partial 'Clay pot number 1'
	assert_output --partial 'Clay pot number 16'
	run --separate-stderr htmltext --meta -u https://shop.example/product/pot grid.html
	assert_equal "$(cut -f 7 <<< "$output")" product
	printf '<html><head><meta property="og:type" content="product"></head><body><h1>Clay pot</h1><p>A clay pot for indoor plants, glazed inside.</p><p>$19.00</p></body></html>\n' > one.html
	run --separate-stderr htmltext --meta one.html
	assert_equal "$(cut -f 7 <<< "$output")" product
}

@test "htmltext page types: a product's description that lives only in its JSON-LD is its text; its customers' reviews are not" {
	cat > product.html <<-'EOF'
	<html><head><title>Quarter socks</title>
	<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Quarter socks",
	"description":"These quarter socks are engineered for comfort: higher than an ankle sock, lower than a calf sock, right for every shoe.",
	"offers":{"@type":"Offer","price":"14.00","priceCurrency":"USD"}}</script></head><body>
	<header><a href="/">Socks</a> <a href="/cart">Cart</a></header>
	<main><h1>Quarter socks</h1><p class="price">$14.00 for one pair of quarter socks</p>
	<div class="tabs"><template><p>These quarter socks are engineered for comfort.</p></template></div>
	<section class="product-reviews"><h2>Reviews</h2>
	<div class="review"><p>Pat says: the best socks I have owned, soft after many washes.</p></div>
	<div class="review"><p>Lee says: they run a little small, order one size up.</p></div>
	</section></main></body></html>
	EOF
	run --separate-stderr htmltext --meta product.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" product
	plain product.html
	assert_line 'These quarter socks are engineered for comfort: higher than an ankle sock, lower than a calf sock, right for every shoe.'
	assert_line '$14.00 for one pair of quarter socks'
	refute_line --partial 'Pat says'
	refute_line --partial 'Lee says'
	# a description the page shows already is not given twice
	sed 's|<template><p>These quarter socks are engineered for comfort.</p></template>|<p>These quarter socks are engineered for comfort: higher than an ankle sock, lower than a calf sock, right for every shoe.</p>|' product.html > shown.html
	plain shown.html
	assert_equal "$(grep -c 'engineered for comfort' <<< "$output")" 1
}

@test "htmltext page types: documentation gives every tab of its code samples, hidden or not (hidden, display: none, aria-hidden); an article only the tab shown" {
	page() {
		printf '<html><head><title>Send a message - Widgetd manual</title><script type="application/ld+json">{"@type":"%s"}</script></head><body><main><h1>Send a message</h1>\n' "$1"
		printf '<p>%s</p>\n' "$2"
		printf '<div role="tablist"><button role="tab" aria-selected="true">Python</button><button role="tab">Go</button></div>\n'
		printf '<div role="tabpanel"><pre>client.send("hello")</pre><p>Install the client with pip install widgetd first.</p></div>\n'
		printf '<div role="tabpanel" hidden><pre>client.Send("hello")</pre><p>Install the client with go get widgetd.dev/client first.</p></div>\n'
		printf '<div role="tabpanel" style="display: none"><pre>Client.send "hello"</pre><p>Install the client with gem install widgetd first.</p></div>\n'
		printf '<section role="tabpanel" aria-hidden="true" hidden="hidden"><pre>curl -d hello localhost:7070/send</pre><p>Install curl with apt install curl first.</p></section>\n'
		printf '</main></body></html>\n'
	}
	local p="The send call takes the text and returns when the daemon has queued it. The API reference lists its options and the errors it returns."
	page TechArticle "$p" > tabs.html
	run --separate-stderr htmltext --meta tabs.html
	assert_equal "$(cut -f 7 <<< "$output")" documentation
	plain tabs.html
	assert_line 'client.send("hello")'
	assert_line 'client.Send("hello")'
	assert_line 'Client.send "hello"'
	assert_line 'Install the client with go get widgetd.dev/client first.'
	assert_line 'curl -d hello localhost:7070/send'
	run htmltext --markdown tabs.html
	assert_output --partial 'gem install widgetd'
	page NewsArticle "$p" > news.html
	run --separate-stderr htmltext --meta news.html
	assert_equal "$(cut -f 7 <<< "$output")" article
	plain news.html
	assert_line 'client.send("hello")'
	refute_line 'client.Send("hello")'
	refute_line 'Client.send "hello"'
	refute_line 'curl -d hello localhost:7070/send'
}

@test "htmltext page types: documentation keeps the header that holds its h1 and its introduction; an article leaves that header out" {
	mk() {
		{
			printf '<html><head><title>WebSocket - Widget docs</title><script type="application/ld+json">{"@type":"%s"}</script></head><body>\n' "$1"
			printf '<header class="site-header"><a href="/">Widget docs</a> <a href="/api">API</a> <a href="/guides">Guides</a></header>\n'
			printf '<main><div class="ref-header"><h1>WebSocket</h1>\n'
			printf '<p>The WebSocket object provides the interface for creating and managing a connection to a server, and for sending and receiving data on that connection.</p>\n'
			printf '<p>Note: this object is available in workers as well as in windows, and every browser has supported it for ten years.</p></div>\n'
			printf '<section><h2>Constructor</h2><p>WebSocket() returns a newly created object, connected to the URL it is given, or an error when the URL is not a ws or wss one.</p></section>\n'
			printf '<section><h2>Instance properties</h2><p>binaryType is the binary data type used by the connection; bufferedAmount is the number of bytes of queued data.</p></section>\n'
			printf '<section><h2>Instance methods</h2><p>close() closes the connection; send() enqueues data to be transmitted to the server at the other end.</p></section>\n'
			printf '</main><footer><p>Content on this site is licensed under a free licence.</p></footer></body></html>\n'
		} > "$2"
	}
	mk TechArticle doc.html
	run --separate-stderr htmltext --meta doc.html
	assert_equal "$(cut -f 7 <<< "$output")" documentation
	plain doc.html
	assert_line --partial 'The WebSocket object provides the interface'
	assert_line --partial 'Note: this object is available in workers'
	assert_line --partial 'close() closes the connection'
	refute_line --partial 'licensed under'
	mk NewsArticle news.html
	plain news.html
	refute_line --partial 'The WebSocket object provides the interface'
	assert_line --partial 'close() closes the connection'
}

@test "htmltext page types: documentation keeps its code blocks as they are, not its sidebar of pages or its table of contents" {
	cat > doc.html <<-'EOF'
	<html><head><title>Configuration - Widgetd manual</title></head><body>
	<header><a href="/">Widgetd</a> <a href="/docs/">Docs</a> <a href="/blog/">Blog</a></header>
	<div class="layout"><div class="docs-nav"><ul>
	<li><a href="/docs/install">Installing widgetd on your machine</a></li>
	<li><a href="/docs/config">Configuration of the daemon</a></li>
	<li><a href="/docs/cli">The command line and its options</a></li>
	<li><a href="/docs/api">The HTTP interface and its endpoints</a></li>
	</ul></div>
	<div class="docs-content"><h1>Configuration</h1>
	<ul class="contents"><li><a href="#file">The configuration file</a></li><li><a href="#env">Environment variables</a></li></ul>
	<h2 id="file">The configuration file</h2>
	<p>Widgetd reads its settings from one file, given with the --config option.</p>
	<pre>listen = 127.0.0.1:8080
	    workers = 4</pre>
	<h2 id="env">Environment variables</h2>
	<p>Every setting can also come from the environment, as WIDGETD_ followed by its name.</p>
	<pre>WIDGETD_WORKERS=8 widgetd</pre><pre>env | grep WIDGETD_</pre>
	</div></div>
	<footer><p>Widgetd is free software under the MIT licence.</p></footer></body></html>
	EOF
	run --separate-stderr htmltext --meta doc.html
	assert_success
	assert_equal "$(cut -f 7 <<< "$output")" documentation
	plain doc.html
	assert_output - <<-'EOF'
	Configuration

	The configuration file
	Widgetd reads its settings from one file, given with the --config option.
	listen = 127.0.0.1:8080
	    workers = 4
	Environment variables
	Every setting can also come from the environment, as WIDGETD_ followed by its name.
	WIDGETD_WORKERS=8 widgetd
	env | grep WIDGETD_
	EOF
}

# A short news story beside a longer box of its own: the box's heading
# (Customer service) says it is one.
news_page() {
	cat > news.html <<-'EOF'
	<html><head><title>Ferry timetable changes - Harbour News</title></head><body>
	<header><a href="/">Harbour News</a> <a href="/local">Local</a> <a href="/sport">Sport</a></header>
	<div class="wrap"><div class="story">
	<h1>Winter ferry timetable starts on Monday</h1>
	<p>The island ferry runs four times a day from Monday, down from six in the summer months.</p>
	<p>The last boat leaves the harbour at half past six in the evening, an hour earlier than now.</p>
	</div><div class="box"><h3>Customer service</h3>
	<p>Our customer service team is there for you from Monday to Friday between eight and six.</p>
	<p>You can reach us by telephone, by email, or at the desk in the main office on Harbour Street.</p>
	<p>For questions about your subscription, delivery or invoices, please have your customer number ready.</p>
	<p>Subscribers can also manage their account online at any time, day and night, on our website.</p>
	</div></div>
	<footer><p>Harbour News, 1 Harbour Street. All rights reserved.</p></footer></body></html>
	EOF
}

@test "htmltext page types: a short news story is the text, not the longer box beside it whose heading says what it is (Customer service, Related, Newsletter)" {
	news_page
	plain news.html
	assert_output - <<-'EOF'
	Winter ferry timetable starts on Monday

	The island ferry runs four times a day from Monday, down from six in the summer months.
	The last boat leaves the harbour at half past six in the evening, an hour earlier than now.
	EOF
	# the heading in a wrapper of its own (div.title > h3) opens the box
	# around the wrapper; so does a shop's "Customers who bought"
	sed 's|<h3>Customer service</h3>|<div class="title"><span><h3>Customer service</h3></span></div>|' news.html > wrapped.html
	plain wrapped.html
	refute_line --partial 'Our customer service team'
	assert_line 'The last boat leaves the harbour at half past six in the evening, an hour earlier than now.'
	sed 's|<h3>Customer service</h3>|<div class="title"><h3>Customers who bought this also bought</h3></div>|' news.html > shop.html
	plain shop.html
	refute_line --partial 'Our customer service team'
	# a wrapper that comes after other text in its box opens nothing
	sed 's|<div class="box"><h3>Customer service</h3>|<div class="box"><p>Opening hours of the harbour office, every weekday from eight.</p><div class="title"><h3>Customer service</h3></div>|' news.html > late.html
	plain late.html
	assert_line --partial 'Our customer service team'
	# a section with a heading of its own that does not name a box is
	# still text
	sed 's|<h3>Customer service</h3>|<h3>Why the change</h3>|' news.html > sections.html
	plain sections.html
	assert_line 'Why the change'
	assert_line 'Subscribers can also manage their account online at any time, day and night, on our website.'
	# "Customer service" and two words more names a box; a sentence that
	# begins with it (a service's hero) names none
	sed 's|<h3>Customer service</h3>|<h3>Customer Service \&amp; Help</h3>|' news.html > help.html
	plain help.html
	refute_line --partial 'Our customer service team'
	sed 's|<h3>Customer service</h3>|<h3>Customer service that puts people first</h3>|' news.html > hero.html
	plain hero.html
	assert_line --partial 'Our customer service team'
}

@test "htmltext page types: box headings and controls in German, French, Spanish, Italian, Portuguese, Dutch, Chinese and Japanese are read as the English ones" {
	news_page
	for h in 'Explore related items' 'Create an account or sign in to comment' '» Related articles' 'About the reviewer' 'Disclaimer' 'Ähnliche Artikel' 'À lire aussi' 'Artículos relacionados' 'Leggi anche' 'Leia também' 'Lees ook' '相关文章' '関連記事' 'Recommended stories' 'You might like' 'Other posts you may enjoy' 'Trending topics' 'Posting Permissions' 'Similar threads'; do
		sed "s|<h3>Customer service</h3>|<h3>$h</h3>|" news.html > box.html
		plain box.html
		refute_line --partial 'Our customer service team'
		assert_line 'The last boat leaves the harbour at half past six in the evening, an hour earlier than now.'
	done
	for c in Teilen Partager Compartir Condividi Partilhar Delen 分享到 シェア 'Lire la suite' 'Zum Inhalt springen' 'In this article' 'Like this:' 'Apply now' 'Author' 'Not open for further replies.' 'Start asking to get answers' 'Be the first to review this product' 'Was this page helpful?' 'Related searches' '• Sponsored •' '→ Read more' 'Partner content' 'Skip advertisement' 'Play video' 'Get in touch' '2024-05-04T12:34:56.000Z' 'Asked 13 years, 8 months ago' 'Modified a year ago' 'Article continues below' 'Share this on:' 'Summarize with AI:' 'You are not logged in.' 'Pin for later' 'Top Rated' 'Price: low to high' 'Find the answer to your question by asking.' 'See similar questions with these tags.' 'Thank you! Your submission has been received!' 'Viewed 11k times' '1,693 views' 'Views 26.2k' '13 Reviews' '(1,204 ratings)' '1 Review'; do
		# a list item of its own, in the story: a line that would be
		# kept (from 2 characters, no link) were it not a control's
		sed "s|<p>The last boat|<ul><li>$c</li></ul><p>The last boat|" news.html > ctl.html
		plain ctl.html
		refute_line "$c"
		assert_line 'The island ferry runs four times a day from Monday, down from six in the summer months.'
	done
	# the words in a sentence are text, and so is a score
	sed 's|<h1>Winter ferry|<p>Teilen Sie diese Nachricht mit Ihren Nachbarn am Hafen.</p><ul><li>4.5 rating</li></ul><h1>Winter ferry|' news.html > ctl.html
	plain ctl.html
	assert_line 'Teilen Sie diese Nachricht mit Ihren Nachbarn am Hafen.'
	assert_line '4.5 rating'
}

@test "htmltext page types: seven real pages of WCXB (one a type) stay above their word F1 floors" {
	W="$DATA/wcxb"
	for f in "$W"/*.html.gz; do
		zcat "$f" > "$(basename "$f" .gz)"
	done
	htmltext -q ./*.html > out.tsv
	"$CRAWLUTILS_BIN/../bench/htmlscore" wcxb -v "$W/gold.tsv" out.tsv > scores
	# ID, its type, and the floor: the F1 it had when this was written, less 0.05
	while read -r id type floor; do
		line=$(grep "^$id " scores) || fail "$id: no score"
		f1=$(awk '{ for (i = 1; i < NF; i++) if ($i == "F1") print $(i + 1) }' <<< "$line")
		awk -v f="$f1" -v m="$floor" 'BEGIN { exit !(f >= m) }' ||
			fail "$id ($type): F1 $f1 below its floor $floor"
	done <<-'EOF'
	4581 article 0.95
	4736 collection 0.75
	0424 documentation 0.94
	0576 forum 0.90
	2911 listing 0.92
	4477 service 0.94
	1142 product 0.90
	EOF
}

@test "htmltext page types: the thin shell of step 4 does not reach into a modal or a footer: a privacy policy in a modal, legal text in the footer are not the page; a short footer alone is no page" {
	{
		printf '<html><head><title>Wool runner</title></head><body>\n'
		printf '<main><h1>Wool runner</h1><p>A soft shoe of merino wool for every day, light and washable.</p>\n'
		printf '<p>Its sole is made from sugar cane and it fits true to size.</p></main>\n'
		printf '<footer><p>Shoe shop, 3 Mill Lane.</p><div class="modal" id="modal-privacy-policy"><div class="prose">\n'
		for i in $(seq 30); do
			printf '<p>Clause %d: we process personal information for the legitimate purposes of running our business and as the law allows.</p>\n' "$i"
		done
		printf '</div></div></footer></body></html>\n'
	} > modal.html
	plain modal.html
	assert_line 'A soft shoe of merino wool for every day, light and washable.'
	refute_line --partial 'Clause 1:'
	# legal text in the footer itself
	sed 's|<div class="modal" id="modal-privacy-policy">|<div class="legal">|' modal.html > legal.html
	plain legal.html
	assert_line 'A soft shoe of merino wool for every day, light and washable.'
	refute_line --partial 'Clause 1:'
	# a page whose only text is in its footer keeps it
	grep -v -e '<main>' -e '</main>' legal.html > footer-only.html
	plain footer-only.html
	assert_line --partial 'Clause 1:'
	# ... unless that footer is short: a disclaimer and the legal links
	# under a page a script draws give no text
	{
		printf '<html><head><title>Therapy</title></head><body><div id="root"></div>\n'
		printf '<footer><div class="menu"><a href="/a">About us</a> <a href="/c">Careers</a> <a href="/p">Press</a></div>\n'
		printf '<div class="disclaimer"><p>If you or someone you know is in crisis and needs immediate help, call 911 or go to the nearest emergency room.</p></div>\n'
		printf '<p><a href="/privacy">Privacy Policy</a> - <a href="/terms">Terms of Use</a> - Copyright Example, 2026</p></footer></body></html>\n'
	} > shell.html
	run --separate-stderr htmltext shell.html
	assert_success
	assert_equal "$(cut -f 3 <<< "$output")" ""
	# a page that a popup's missing end tag put inside it is still read
	{
		printf '<html><body><aside class="popup-overlay"><div class="popup-outer">\n'
		printf '<header><a href="/">Home</a> <a href="/news">News</a></header>\n'
		printf '<div class="post"><h1>Library hours</h1>\n'
		for i in $(seq 6); do
			printf '<p>Paragraph %d: the library opens an hour earlier on weekdays from next month, and stays open on Sundays.</p>\n' "$i"
		done
		printf '</div></body></html>\n'
	} > popup.html
	plain popup.html
	assert_line --partial 'Paragraph 6:'
}

@test "htmltext page types: a product's paragraph given twice (a tab and its accordion for phones) is given once; a line its variants repeat three times, and a short line twice, stay" {
	{
		printf '<html><head><title>Linen shirt</title>\n'
		printf '<script type="application/ld+json">{"@type": "Product", "name": "Linen shirt"}</script></head><body>\n'
		printf '<main><div class="product"><h1>Linen shirt</h1><p class="price">$89.00</p>\n'
		printf '<div class="tabs"><div class="tab-panel"><p>A relaxed shirt of washed European linen that softens with every wash and keeps you cool all summer.</p></div></div>\n'
		printf '<div class="accordion"><div class="accordion-panel"><p>A relaxed shirt of washed European linen that softens with every wash and keeps you cool all summer.</p></div></div>\n'
		for c in Sand Navy Olive; do
			printf '<div class="variant"><h2>%s</h2><p>Garment dyed after sewing, so every shirt is a little different.</p></div>\n' "$c"
		done
		printf '<div class="care"><p>Machine wash cold, dry in the shade.</p></div><div class="faq"><p>Machine wash cold, dry in the shade.</p></div>\n'
		printf '</div></main></body></html>\n'
	} > shirt.html
	plain shirt.html
	assert_equal "$(grep -c 'washed European linen' <<< "$output")" 1
	assert_equal "$(grep -c 'Garment dyed after sewing' <<< "$output")" 3
	assert_equal "$(grep -c 'Machine wash cold' <<< "$output")" 2
	run htmltext --markdown shirt.html
	assert_equal "$(grep -o 'washed European linen' <<< "$output" | wc -l)" 1
	# the same page as an article gives the paragraph twice: the rule is
	# a product's
	sed 's/"Product"/"Article", "datePublished": "2025-03-01"/' shirt.html > story.html
	plain story.html
	assert_equal "$(grep -c 'washed European linen' <<< "$output")" 2
}

@test "htmltext page types: a product page is all its blocks (the description, the specifications in another tab), its reviews aside; in a main, the main" {
	{
		printf '<html><head><title>Kettle K2</title>\n'
		printf '<script type="application/ld+json">{"@type": "Product", "name": "Kettle K2"}</script></head><body>\n'
		printf '<header><a href="/">Shop</a> <a href="/kitchen">Kitchen</a> <a href="/cart">Cart</a></header>\n'
		printf '<div class="product"><div class="summary"><h1>Kettle K2</h1><p class="price">$49.00</p></div>\n'
		printf '<div class="description">\n'
		for i in 1 2 3 4; do
			printf '<p>Description %d: a steel kettle that boils a litre in three minutes and keeps the water warm for an hour.</p>\n' "$i"
		done
		printf '</div></div>\n'
		printf '<div class="reviews"><p>Review: I love this kettle, it is quick and quiet, and it looks good in the kitchen.</p></div>\n'
		printf '<div class="tabs"><div class="tab-panel"><h2>Specifications</h2><table>\n'
		printf '<tr><th>Capacity</th><td>1.7 litres</td></tr><tr><th>Power</th><td>2200 watts</td></tr><tr><th>Weight</th><td>1.1 kg</td></tr>\n'
		printf '</table><p>Delivery: in two days, free above forty dollars, and returns within a month.</p></div></div>\n'
		printf '<footer><p>Shop Ltd, 5 Market Street.</p></footer></body></html>\n'
	} > kettle.html
	plain kettle.html
	assert_line --partial 'Description 4:'
	assert_line --partial 'Capacity'
	assert_line --partial '2200 watts'
	assert_line --partial 'Delivery: in two days'
	refute_line --partial 'Review:'
	refute_line --partial 'Market Street'
	# in a main that holds most of the text, the main alone: the shop's
	# banner outside it is left out
	sed -e 's|<div class="product">|<main><div class="product">|' -e 's|<footer>|</main><div class="usp"><p>Free delivery on every order above forty dollars, and returns within a month.</p></div><footer>|' kettle.html > main.html
	plain main.html
	assert_line --partial 'Description 4:'
	assert_line --partial '2200 watts'
	refute_line --partial 'Free delivery on every order'
}

@test "htmltext page types: a product page's rows of other products (priced links made alike, a carousel's active card too) are not its text" {
	{
		printf '<html><head><title>Lamp L4</title>\n'
		printf '<script type="application/ld+json">{"@type": "Product", "name": "Lamp L4"}</script></head><body>\n'
		printf '<div class="item"><h1>Lamp L4</h1><p class="price">$89.00</p>\n'
		for i in 1 2 3; do
			printf '<p>Description %d: a brass desk lamp with a linen shade, a dimmer in its base and a cable of two metres.</p>\n' "$i"
		done
		printf '</div><div class="other"><h2>Seller'"'"'s other items</h2><ul>\n'
		printf '<li class="card card--active"><a href="/i/1">Floor lamp</a> <p>A walnut floor lamp with a linen shade, pre-owned.</p> <span>$120.00</span></li>\n'
		for i in 2 3 4; do
			printf '<li class="card"><a href="/i/%d">Table lamp T%d</a> <p>A table lamp with a paper shade and a brass foot, new.</p> <span>$%d5.00</span></li>\n' "$i" "$i" "$i"
		done
		printf '</ul></div>\n'
		printf '<div class="options"><div class="option">Shade in linen, $0.00</div><div class="option">Shade in silk, $15.00</div><div class="option">Shade in paper, $5.00</div></div>\n'
		printf '</body></html>\n'
	} > lamp.html
	plain lamp.html
	assert_line --partial 'Description 3:'
	# the options are priced but no links: they stay
	assert_line --partial 'Shade in silk'
	refute_output --partial 'walnut floor lamp'
	refute_output --partial 'brass foot'
}

@test "htmltext page types: a service page's grid of offers whose shared class names them as noise (promo) is its text; a section whose id alone says footer is not" {
	{
		printf '<html><head><title>Harbour Audit and Advisory</title><script type="application/ld+json">{"@type":"ProfessionalService","name":"Harbour Audit and Advisory"}</script></head><body><header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>\n'
		printf '<div class="hero"><h1>Audit and advisory for small firms</h1><p>We help owners of small firms keep their books clean, their taxes paid on time and their banks confident in their numbers.</p></div>\n<div class="services">\n'
		for s in "Assurance:Our assurance team checks your accounts and reports so that lenders and partners can trust them." \
		    "Tax:Our tax team files your returns, plans for the year ahead and answers the letters the tax office sends." \
		    "Payroll:Our payroll team pays your staff on time, every month, and files what the law asks of an employer." \
		    "Advisory:Our advisors help you buy, sell or fund a business, and tell you what it is worth before you do."; do
			printf '<div class="promo-card"><h3>%s</h3><p>%s</p><a href="/x">Find out more</a></div>\n' "${s%%:*}" "${s#*:}"
		done
		printf '</div>\n<div class="about"><h2>Why us</h2><p>Thirty years of work for the firms of our harbour town, from fishing boats to software shops, and the same partner for each client from the first year.</p></div>\n'
		printf '<footer><p>Harbour Audit and Advisory, 12 Quay Street.</p></footer></body></html>\n'
	} > offers.html
	run --separate-stderr htmltext --meta offers.html
	assert_equal "$(cut -f 7 <<< "$output")" service
	plain offers.html
	assert_line 'Our payroll team pays your staff on time, every month, and files what the law asks of an employer.'
	assert_line 'Advisory'
	assert_line --partial 'Thirty years of work'
	{
		printf '<html><head><title>Harbour Cloud</title><script type="application/ld+json">{"@type":"ProfessionalService","name":"Harbour Cloud"}</script></head><body>\n'
		for s in "Servers you can start in a minute, billed by the second, in six regions close to your users." \
		    "Managed databases with backups every hour, kept for a month, and failover that needs no pager." \
		    "Storage for objects of any size, with the same API as the others, at half of their price."; do
			printf '<div class="section"><h2>Offer</h2><p>%s</p></div>\n' "$s"
		done
		printf '<div class="section" id="footer"><p>Copyright 2026 Harbour Cloud, every right reserved, Quay Street.</p></div>\n</body></html>\n'
	} > sections.html
	plain sections.html
	assert_line --partial 'Managed databases with backups'
	refute_output --partial 'Quay Street'
}

@test "htmltext page types: a thread's labels (a short line over each of three posts or more) and its members' figures are not its text; code, sentences, a label given twice, the posts' dates and their posters' names are" {
	{
		printf '<html><head><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Bridge sounds on a Pi 5"}</script></head><body><h1>Bridge sounds on a Pi 5</h1>\n'
		for p in "The sound card gives a hum when the fan spins up, on every kernel I tried this week." \
		    "Try a shorter cable between the card and the board, the hum went away here with that." \
		    "A ferrite bead on the USB lead did it for me, after the cable made no difference." \
		    "Same here: the bead fixed it, and the fan noise is gone too now that it sits lower."; do
			printf '<div class="post"><div class="userinfo"><h4><a href="/members/kim.7/">Kim Lee</a></h4><h5><a href="/tags/kernel/">Kernel tag</a></h5><span>Registered User</span><div>Join Date: Aug 2008</div></div><p>%s</p><pre>sudo rpi-update</pre></div>\n' "$p"
		done
		printf '<div class="post"><div class="userinfo"><span>Senior Moderator</span></div><p>Marked as solved: the ferrite bead is the answer to this thread.</p></div>\n'
		printf '<div class="post"><div class="userinfo"><span>Senior Moderator</span></div><p>Closed for replies after thirty days, as every thread here is.</p></div>\n'
		printf '</body></html>\n'
	} > labels.html
	run htmltext --meta labels.html
	assert_output --partial 'forum'
	plain labels.html
	refute_line 'Registered User'
	refute_line 'Join Date: Aug 2008'
	assert_equal "$(grep -c '^sudo rpi-update$' <<< "$output")" 4
	assert_equal "$(grep -c '^Senior Moderator$' <<< "$output")" 2
	# a poster's name, a link to their profile, is no label; another
	# link given over each post is
	assert_equal "$(grep -c '^Kim Lee$' <<< "$output")" 4
	refute_line 'Kernel tag'
	assert_line --partial 'A ferrite bead on the USB lead'
	run htmltext --markdown labels.html
	refute_output --partial 'Registered User'
	# one label with other values: "Join Date: <month>", "<count> posts",
	# each a line of its own beside the poster's name
	{
		printf '<html><head><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Bridge sounds on a Pi 5"}</script></head><body><h1>Bridge sounds on a Pi 5</h1>\n'
		i=0
		for p in "The sound card gives a hum when the fan spins up, on every kernel I tried this week." \
		    "Try a shorter cable between the card and the board, the hum went away here with that." \
		    "A ferrite bead on the USB lead did it for me, after the cable made no difference."; do
			i=$((i + 1))
			printf '<div class="post"><div class="userinfo"><div>%s</div><div>Join Date: %s 200%d</div><div>%d,5%d3 posts</div></div><div>Oct %d, 2024</div><div>2024-10-0%d 11:37:44 +00:00</div><p>%s</p></div>\n' "$(sed -n "${i}p" <<< $'Ann\nBo\nCy')" "$(sed -n "${i}p" <<< $'Aug\nMar\nJun')" "$i" "$i" "$i" "$((i + 7))" "$i" "$p"
		done
		printf '<p>Step 1: unplug it, Step 2: wait.</p></body></html>\n'
	} > values.html
	plain values.html
	refute_line --partial 'Join Date'
	refute_line --partial ' posts'
	# a date people read is when each post was written, not a label;
	# a machine's timestamp is one
	assert_line 'Oct 8, 2024'
	assert_line 'Oct 10, 2024'
	refute_line --partial '11:37:44'
	assert_line --partial 'A ferrite bead on the USB lead'
	assert_line 'Step 1: unplug it, Step 2: wait.'
	# a member's figures beside two posts only ("Posts: 4,032", "Joined:
	# Mar 2019", "8 helpful votes"): the poster's, not the post's
	{
		printf '<html><head><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Bridge sounds on a Pi 5"}</script></head><body><h1>Bridge sounds on a Pi 5</h1>\n'
		printf '<div class="post"><dl><dt>Ann</dt><dd><strong>Posts:</strong> 4,032</dd><dd>Joined: Mar 2019</dd></dl><p>The sound card gives a hum when the fan spins up, on every kernel I tried.</p></div>\n'
		printf '<div class="post"><dl><dt>Bo</dt><dd>8 helpful votes</dd></dl><p>Posts: the ones about the fan are in the hardware board, with the photos.</p></div>\n'
		printf '</body></html>\n'
	} > stats.html
	plain stats.html
	refute_line --partial '4,032'
	refute_line --partial 'Mar 2019'
	refute_line --partial 'helpful votes'
	assert_line 'Posts: the ones about the fan are in the hardware board, with the photos.'
}

@test "htmltext page types: on a forum a post's date that links to the post (#1 · Jan 14, 2024) is kept; other lines all of links are not, nor such a date elsewhere" {
	{
		printf '<html><head><title>Tides - Forum</title></head><body><main><div class="posts">\n'
		i=0
		for p in "The moon pulls the oceans toward it, and the earth turns under the bulge twice a day." \
		    "Spring tides come when the sun and the moon pull together, and neap tides otherwise." \
		    "Most coasts see two high tides and two low ones each day, a little later every day."; do
			i=$((i + 1))
			printf '<article class="message"><h4><a href="/members/m.%d/">Member %d</a></h4><header><ul><li><a href="/t/1/post-%d">#%d · <time datetime="2024-09-2%dT07:25:09+0100">Sep 2%d, 2024</time></a></li></ul></header><div class="bbWrapper">%s</div></article>\n' $i $i $i $i $i $i "$p"
		done
		printf '<p><a href="/t/1/post-9">Sep 29, 2024</a></p><p><a href="/forums/tides/">Back to the tides board</a></p></div></main></body></html>\n'
	} > dated.html
	run htmltext --meta -u https://forum.example.org/threads/tides.1/ dated.html
	assert_equal "$(cut -f 7 <<< "$output")" forum
	plain -u https://forum.example.org/threads/tides.1/ dated.html
	assert_line '#1 · Sep 21, 2024'
	assert_line '#3 · Sep 23, 2024'
	assert_line 'Sep 29, 2024'
	refute_line 'Back to the tides board'
	assert_line --partial 'Spring tides come'
	# on an article the same lines of links are not its text
	as_article dated.html
	refute_line --partial 'Sep 2'
	assert_line --partial 'Spring tides come'
}

@test "htmltext page types: on a forum a post's date in a box pruned for its author's name (a <time>) is kept; a member's Joined date there, the rest of the box and such a box elsewhere are not" {
	{
		printf '<html><head><title>Tides - Forum</title></head><body><main><div class="posts">\n'
		i=0
		for p in "The moon pulls the oceans toward it, and the earth turns under the bulge twice a day." \
		    "Spring tides come when the sun and the moon pull together, and neap tides otherwise."; do
			i=$((i + 1))
			printf '<article class="post"><aside class="author-column"><a href="/profile/%d-m/">Member %d</a><span>Members</span><span>Joined <time datetime="2019-03-0%d">Mar %d, 2019</time></span></aside><aside class="post-author-header"><time datetime="2024-09-2%dT07:25:09+0100">Sep 2%d, 2024</time> <a href="/report">Report post</a></aside><div class="content"><p>%s</p></div></article>\n' $i $i $i $i $i $i "$p"
		done
		printf '</div></main></body></html>\n'
	} > boxed.html
	run htmltext --meta -u https://forum.example.org/topic/1-tides/ boxed.html
	assert_equal "$(cut -f 7 <<< "$output")" forum
	plain -u https://forum.example.org/topic/1-tides/ boxed.html
	assert_equal "${lines[1]}" 'Sep 21, 2024'
	assert_equal "${lines[2]}" 'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day.'
	assert_line 'Sep 22, 2024'
	refute_line --partial '2019'
	refute_line --partial 'Report post'
	refute_line --partial 'Members'
	run htmltext --markdown -u https://forum.example.org/topic/1-tides/ boxed.html
	assert_output --partial 'Sep 21, 2024\n\nThe moon pulls'
	# on an article such a box stays out, its date too
	as_article boxed.html
	refute_line --partial 'Sep 2'
	assert_line --partial 'Spring tides come'
}

@test "htmltext page types: on a forum a mobile app's signature under a post (Sent from my iPhone using Tapatalk) is not text; a sentence that says it, or the line on an article, is" {
	for sig in 'Sent from my SM-S908U using AC Forums mobile app' 'Sent from my iPhone using Tapatalk' \
	    'Gesendet von meinem iPhone mit Tapatalk' 'Enviado desde mi Pixel 7 usando Tapatalk'; do
		printf '<html><head><title>Tides - Forum</title></head><body><div class="post"><p>%s</p><p>%s</p></div><div class="post"><p>%s</p><p>%s</p></div></body></html>\n' \
		    'The moon pulls the oceans toward it, and the earth turns under the bulge twice a day.' "$sig" \
		    'Spring tides come when the sun and the moon pull together, and neap tides otherwise.' \
		    'I sent from my phone the photos of the tide you asked for.' > sig.html
		run htmltext --meta sig.html
		assert_equal "$(cut -f 7 <<< "$output")" forum
		plain sig.html
		refute_line "$sig"
		assert_line 'I sent from my phone the photos of the tide you asked for.'
		assert_line --partial 'Spring tides come'
		as_article sig.html
		assert_line "$sig"
	done
}

@test "htmltext page types: a reply's quote of the post before it is not given again, nor a line each post repeats (a signature); a quote from elsewhere stays" {
	{
		printf '<html><head><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Which Qt comes with Ubuntu 24.04?"}</script></head><body><h1>Which Qt comes with Ubuntu 24.04?</h1>\n'
		printf '<article class="post"><p>Ubuntu 24.04 has been delayed a bit this year, so I wonder which Qt it will ship.</p><p>Terms: be kind to each other in this forum.</p></article>\n'
		printf '<article class="post"><blockquote><p>Ubuntu 24.04 has been delayed a bit this year, so I wonder which Qt it will ship.</p></blockquote><p>It ships Qt 6.4.2, as far as the package lists tell.</p><p>Terms: be kind to each other in this forum.</p></article>\n'
		printf '<article class="post"><blockquote><p>Programming is the process of putting bugs in, said a wise man.</p></blockquote><p>That is the best answer we will get before the release.</p></article>\n'
		printf '</body></html>\n'
	} > thread.html
	plain thread.html
	assert_equal "$(grep -c 'has been delayed' <<< "$output")" 1
	assert_equal "$(grep -c 'Terms: be kind' <<< "$output")" 1
	assert_line "Programming is the process of putting bugs in, said a wise man."
	assert_line "It ships Qt 6.4.2, as far as the package lists tell."
	run htmltext --markdown thread.html
	assert_equal "$(grep -o 'has been delayed' <<< "$output" | wc -l)" 1
	# a block given twice (for phones and for desktops): once; a line repeated on its own: each time
	{
		printf '<html><body><main><h1>Ceramic mug</h1>\n'
		for copy in desktop mobile; do
			printf '<div class="%s"><p>Make each cup of tea feel special with a wheel thrown mug.</p><p>Matte textured vessel in our white speckle finish.</p><p>Holds twelve ounces and goes in the dishwasher.</p></div>\n' $copy
		done
		for n in 1 2 3; do
			printf '<div class="offer"><h2>Offer %s</h2><p>Offer %s gives you a night free in any of our hotels this spring.</p><p>Must be booked through our own travel desk.</p></div>\n' $n $n
		done
		printf '</main></body></html>\n'
	} > copies.html
	plain copies.html
	assert_equal "$(grep -c 'wheel thrown' <<< "$output")" 1
	assert_equal "$(grep -c 'Holds twelve ounces' <<< "$output")" 1
	assert_equal "$(grep -c 'Must be booked through' <<< "$output")" 3
	# a poem's verse of lines (ended by <br>) sung twice is sung twice
	{
		printf '<html><body><article><h1>A song</h1>\n'
		for verse in 1 2; do
			printf '<p>Verse %s of the song, as the choir sings it<br>Row the boat gently down the stream today<br>Merrily down the stream we go along<br>Life is but a dream, and so we sing</p>\n' $verse
		done
		printf '</article></body></html>\n'
	} > song.html
	plain song.html
	assert_equal "$(grep -c 'Merrily down the stream' <<< "$output")" 2
	run htmltext --markdown copies.html
	assert_equal "$(grep -o 'wheel thrown' <<< "$output" | wc -l)" 1
	assert_equal "$(grep -o 'Must be booked through' <<< "$output" | wc -l)" 3
}

@test "htmltext page types: the t of a t-shirt's URL is no forum's /t/: its reviews are pruned as a product's" {
	{
		printf '<html><head><title>Arrival T-Shirt</title>\n'
		printf '<script type="application/ld+json">{"@type": "Product", "name": "Arrival T-Shirt"}</script></head><body>\n'
		printf '<main><h1>Arrival T-Shirt</h1><p class="price">$30.00</p>\n'
		printf '<p>A light training shirt of recycled polyester that dries in minutes and keeps its shape wash after wash.</p>\n'
		printf '<p>Cut close at the shoulders and loose at the waist, with flat seams that do not rub under a pack.</p>\n'
		printf '<section class="reviews"><h2>Reviews</h2>\n'
		for i in 1 2 3; do
			printf '<article class="review"><p>Review %d: I bought two of these and wear them to the gym three times a week, very happy.</p></article>\n' "$i"
		done
		printf '</section></main></body></html>\n'
	} > shirt.html
	run --separate-stderr htmltext -u https://shop.example/products/arrival-t-shirt shirt.html
	assert_success
	assert_output --partial 'recycled polyester'
	refute_output --partial 'Review 2:'
}

@test "htmltext page types: a page streamed by React (Next.js) gives its streamed parts where their placeholders are: the story in the main column, the sidebar's as the sidebar's" {
	{
		printf '<html><head><title>Query tuning</title></head><body>\n'
		printf '<header><a href="/">Blog</a> <a href="/docs">Docs</a></header>\n'
		printf '<main><h1>Query tuning</h1><!--$?--><template id="B:0"></template><div class="skeleton"><p>Loading the story of this page, please wait.</p></div><!--/$--></main>\n'
		printf '<aside class="sidebar"><!--$?--><template id="B:a"></template><!--/$--></aside>\n'
		printf '<footer><p>Subscribe to the newsletter of the blog for more.</p></footer>\n'
		printf '<div hidden id="S:0">'
		for i in 1 2 3; do
			printf '<p>Databases slow down as tables grow, and an index on the right column is the first cure, part %d.</p>' "$i"
		done
		printf '<template id="P:1"></template></div>\n'
		printf '<div hidden id="S:1"><p>A nested segment streamed last: the story ends with its summary of the cures.</p></div>\n'
		printf '<div hidden id="S:a"><p>Popular posts of the week in the sidebar of the blog, a long list of them.</p></div>\n'
		printf '<div hidden id="S:7"><p>A streamed part whose placeholder never came stays hidden as it is.</p></div>\n'
		printf '<script>$RC("B:0","S:0");$RS("S:1","P:1");$RC("B:a","S:a")</script></body></html>\n'
	} > streamed.html
	plain streamed.html
	assert_output - <<-'OUT'
	Query tuning

	Databases slow down as tables grow, and an index on the right column is the first cure, part 1.
	Databases slow down as tables grow, and an index on the right column is the first cure, part 2.
	Databases slow down as tables grow, and an index on the right column is the first cure, part 3.
	A nested segment streamed last: the story ends with its summary of the cures.
	OUT
	# the sidebar's part went to the sidebar: in --markdown too, nothing
	# of the fallback or of the part without a placeholder
	run --separate-stderr htmltext --markdown streamed.html
	assert_success
	refute_output --partial 'Popular posts'
	refute_output --partial 'Loading the story'
	refute_output --partial 'stays hidden'
}

@test "htmltext page types: a streamed part inside its own boundary's fallback is placed once (the fuzzer's double free)" {
	printf '<html><body><main><h1>Tea</h1><!--$?--><template id="B:0"></template><p>Loading the page, please wait.</p><div hidden id="S:0"><p>Green tea is picked in spring and dried the same day, so its leaves stay green.</p></div><!--/$--></main></body></html>\n' > fallback.html
	plain fallback.html
	assert_output - <<-'OUT'
	Tea

	Green tea is picked in spring and dried the same day, so its leaves stay green.
	OUT
}

@test "htmltext page types: a topic's page of story cards (a forum word in its URL) keeps its cards; a teaser hidden from screen readers alone in its paragraph is shown" {
	{
		printf '<html><head><title>Headphones</title></head><body>\n'
		printf '<header><nav><a href="/">Home</a> <a href="/mac">Mac</a> <a href="/audio">Audio</a></nav></header>\n'
		printf '<main><h1>headphones</h1><section>\n'
		for i in $(seq 8); do
			printf '<article class="river"><a href="/story/%d" aria-hidden="true" tabindex="-1"><img src="/p%d.jpg" alt=""></a><header>\n' "$i" "$i"
			printf '<h2><a href="/story/%d">Story %d about new headphones</a></h2>\n' "$i" "$i"
			printf '<p class="desc"><a href="/story/%d" aria-hidden="true" tabindex="-1">The teaser of story %d says what the headphones do.</a></p>\n' "$i" "$i"
			printf '<div class="aux"><a href="/editor/%d">Writer %d</a> <a href="/forum/%d" class="badge comment">%d</a></div></header></article>\n' "$i" "$i" "$i" "$i"
		done
		printf '</section></main>\n'
		printf '<footer><p>&copy; 1997 - 2025 Media, Inc. All Rights Reserved</p></footer></body></html>\n'
	} > topic.html
	run --separate-stderr htmltext -u https://news.example/topic/headphones --plain topic.html
	assert_success
	for i in 1 4 8; do
		assert_line "Story $i about new headphones"
		assert_line "The teaser of story $i says what the headphones do."
	done
	refute_line --partial 'Rights Reserved'
	# the teaser beside the link it repeats stays out
	sed 's|<p class="desc"><a\([^>]*\)>\([^<]*\)</a></p>|<p class="desc"><a\1>\2</a>\2</p>|' topic.html > twice.html
	run --separate-stderr htmltext -u https://news.example/topic/headphones --plain twice.html
	assert_success
	assert_line "The teaser of story 4 says what the headphones do."
	refute_line --partial "do.The teaser"
}

@test "htmltext page types: a product page's blocks named gallery are its text (a feature tour); an article's gallery of captions is not" {
	{
		printf '<html><head><title>Feeder Pro</title>\n'
		printf '<script type="application/ld+json">{"@type": "Product", "name": "Feeder Pro"}</script></head><body>\n'
		printf '<div class="product"><div class="summary"><h1>Feeder Pro</h1><p class="price">$199.00</p>\n'
		printf '<p>A smart bird feeder that photographs every visitor and tells you which species came by.</p></div>\n'
		for i in 1 2 3; do
			printf '<div class="product-gallery-cards"><h2>Feature %d</h2><p>Feature %d: the camera catches crisp close-ups of birds at dawn and at dusk, in slow motion too.</p></div>\n' "$i" "$i"
		done
		printf '</div><footer><p>Feeder Ltd, 5 Market Street.</p></footer></body></html>\n'
	} > feeder.html
	plain feeder.html
	assert_line --partial 'Feature 1: the camera'
	assert_line --partial 'Feature 3: the camera'
	assert_line --partial 'photographs every visitor'
	refute_line --partial 'Market Street'
	{
		printf '<html><head><title>Birds at dawn</title>\n'
		printf '<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Birds at dawn"}</script></head><body>\n'
		printf '<article><h1>Birds at dawn</h1>\n'
		for i in 1 2 3 4; do
			printf '<p>Paragraph %d: the survey counted more finches and fewer sparrows in the city parks than ten years ago.</p>\n' "$i"
		done
		printf '<div class="gallery"><figure><img src="/a.jpg"><p>Gallery photo one: a finch on a branch in the park at dawn, taken by a reader.</p></figure>\n'
		printf '<figure><img src="/b.jpg"><p>Gallery photo two: a sparrow in the snow by the fountain of the old park.</p></figure></div>\n'
		printf '</article></body></html>\n'
	} > birds.html
	plain birds.html
	assert_line --partial 'Paragraph 4:'
	refute_line --partial 'Gallery photo'
}

@test "htmltext page types: a list of links keeps its short entries (a one-word link in a list of five or more); a card's two tags are not kept" {
	{
		printf '<html><head><title>List of programming languages</title></head><body>\n'
		printf '<main><h1>List of programming languages</h1>\n'
		printf '<p>This is an index to notable programming languages, in current or historical use.</p>\n'
		for s in A B C; do
			printf '<h2>%s</h2><ul>\n' "$s"
			for i in $(seq 12); do
				printf '<li><a href="/wiki/%s%d">%s%d</a></li>\n' "$s" "$i" "$s" "$i"
				printf '<li><a href="/wiki/%s%d_long">%s%d language of the old school</a></li>\n' "$s" "$i" "$s" "$i"
			done
			printf '</ul>\n'
		done
		printf '</main></body></html>\n'
	} > list.html
	plain list.html
	assert_line 'A1'
	assert_line 'C12'
	assert_line 'B7 language of the old school'
	{
		printf '<html><head><title>Headphones</title></head><body><main><h1>Headphones</h1><div class="results">\n'
		for i in $(seq 12); do
			printf '<div class="card"><h3><a href="/p/%d">Studio headphones model %d</a></h3>\n' "$i" "$i"
			printf '<ul class="chips"><li><a href="/t/open">Open</a></li><li><a href="/t/dyn">Dynamic</a></li></ul></div>\n'
		done
		printf '</div></main></body></html>\n'
	} > cards.html
	run --separate-stderr htmltext -u https://shop.example/c/headphones --plain cards.html
	assert_success
	assert_line 'Studio headphones model 12'
	refute_line 'Dynamic'
}
