#!/bin/sh
# Writes the sample crawl examples/pages/ from the article texts in
# articles/ and the page templates below.  The pages are checked in; this
# script only says how they were made, so that a change to one template
# changes every page of that site alike.  Run it from anywhere:
#
#	sh examples/pages.src/generate.sh [OUTDIR]
#
# The crawl is laid out as `wget --mirror --protocol-directories` saves it:
# SCHEME/HOST/PATH, a query kept in the file name after a '?'.  Five sites,
# all on reserved example domains, all text our own:
#
#	blog.example.org   "Harbour Notes", an English blog (WordPress-like)
#	mirror.example.net a mirror of two of its posts, with its own frame
#	news.example.com   "The Coastal Courier", English local news; its AMP
#	                   pages; a page of links that are URL variants; a
#	                   malformed page; www.example.net reprints one story
#	docs.example.com   an API reference in /api/v1/ and /api/v2/
#	cn.example.net     《港城日报》, Chinese local news, with an old page in
#	                   GBK that declares no charset; news.example.org
#	                   reprints one story
#
# What a real crawl holds, planted on purpose (tests/pipeline.bats checks
# what the pipeline makes of each):
#	http/https twins, byte for byte the same; mirror copies and AMP and
#	print views (same text, other frame); a page fetched again with
#	tracking parameters in its URL, whose "latest posts" sidebar and
#	footer year changed meanwhile; a WordPress ?replytocom= view; older
#	fetches over http before a typo was fixed; reprints with a source line
#	and an editor's name added; two versions of an API document.
set -eu
LC_ALL=C
export LC_ALL
src=$(cd "$(dirname "$0")" && pwd)
out=${1:-$src/../pages}
art=$src/articles

# page FILE: write stdin to OUTDIR/FILE
page() {
	mkdir -p "$out/$(dirname "$1")"
	cat > "$out/$1"
}

# title NAME: the first line of an article
title() {
	sed -n 1p "$art/$1.txt"
}

# body NAME: the rest as HTML; '## ' starts a heading, '- ' a list item
body() {
	sed 1d "$art/$1.txt" | awk '
	/^## / { if (ul) { print "</ul>"; ul = 0 }
		print "<h2>" substr($0, 4) "</h2>"; next }
	/^- / { if (!ul) { print "<ul>"; ul = 1 }
		print "<li>" substr($0, 3) "</li>"; next }
	{ if (ul) { print "</ul>"; ul = 0 }
		print "<p>" $0 "</p>" }
	END { if (ul) print "</ul>" }'
}

# --- blog.example.org ------------------------------------------------------

# latest posts in the sidebar, newest first, as of a month
latest() {	# latest LAST-MONTH
	for p in 2025/08/city-stargazing 2025/07/repair-cafe 2025/06/rain-garden \
	    2025/05/tide-pools 2025/04/winter-cycling 2025/03/sourdough-starter; do
		m=${p#2025/}; m=${m%%/*}
		[ "$m" -le "$1" ] || continue
		printf '<li><a href="/%s.html">%s</a></li>\n' "$p" "$(title "${p##*/}")"
	done | head -n 5
}

# blog PATH NAME DATE LAST-MONTH YEAR [REPLYTO]: a post; stdin is its body
blog() {
	t=$(title "$2")
	cat <<EOF
<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$t &#8211; Harbour Notes</title>
<link rel="canonical" href="https://blog.example.org$1">
<link rel="stylesheet" href="/wp-content/themes/harbour/style.css?ver=2.4.1">
<link rel="alternate" type="application/rss+xml" title="Harbour Notes &raquo; Feed" href="/feed/">
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
<style>.site-header{border-bottom:3px solid #1b4965}.entry-content p{max-width:38em}</style>
</head>
<body class="post-template-default single single-post">
<a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<header id="masthead" class="site-header">
<div class="site-branding">
<p class="site-title"><a href="/" rel="home">Harbour Notes</a></p>
<p class="site-description">Everyday life in a small port town</p>
</div>
<nav id="site-navigation" class="main-navigation">
<ul id="primary-menu" class="menu">
<li><a href="/">Home</a></li>
<li><a href="/category/kitchen/">Kitchen</a></li>
<li><a href="/category/outdoors/">Outdoors</a></li>
<li><a href="/category/town/">Town</a></li>
<li><a href="/about.html">About</a></li>
</ul>
</nav>
</header>
<div id="content" class="site-content">
<main id="primary" class="site-main">
<article class="post type-post status-publish hentry">
<header class="entry-header">
<h1 class="entry-title">$t</h1>
<div class="entry-meta"><span class="posted-on">Posted on <time class="entry-date published" datetime="$3">$3</time></span> <span class="byline">by <a href="/author/mara/">Mara</a></span></div>
</header>
<div class="entry-content">
EOF
	cat
	cat <<EOF
</div>
<footer class="entry-footer"><span class="cat-links">Posted in <a href="/category/town/" rel="category tag">Town</a></span></footer>
<div class="sharedaddy sd-sharing-enabled"><h3 class="sd-title">Share this:</h3>
<ul><li><a class="share-twitter" href="https://twitter.com/intent/tweet?url=https%3A%2F%2Fblog.example.org$1">Twitter</a></li>
<li><a class="share-facebook" href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fblog.example.org$1">Facebook</a></li>
<li><a class="share-email" href="mailto:?subject=$t">Email</a></li></ul></div>
</article>
<nav class="navigation post-navigation" aria-label="Posts"><div class="nav-links"><a href="/" rel="prev">&larr; Previous post</a> <a href="/" rel="next">Next post &rarr;</a></div></nav>
<div id="comments" class="comments-area">
<h2 class="comments-title">3 thoughts on &ldquo;$t&rdquo;</h2>
<ol class="comment-list">
<li id="comment-412" class="comment"><article class="comment-body"><footer class="comment-meta"><b class="fn">Jonas</b> <time>two days later</time></footer>
<div class="comment-content"><p>Thank you for writing this up, it is exactly what I needed to read this week.</p></div>
<div class="reply"><a rel="nofollow" class="comment-reply-link" href="$1?replytocom=412#respond">Reply</a></div></article></li>
<li id="comment-415" class="comment"><article class="comment-body"><footer class="comment-meta"><b class="fn">Priya</b> <time>a week later</time></footer>
<div class="comment-content"><p>We tried something similar last year and it worked well, although it took longer than we expected.</p></div>
<div class="reply"><a rel="nofollow" class="comment-reply-link" href="$1?replytocom=415#respond">Reply</a></div></article></li>
<li id="comment-419" class="comment"><article class="comment-body"><footer class="comment-meta"><b class="fn">Mara</b> <time>a week later</time></footer>
<div class="comment-content"><p>Glad to hear it! Let me know how it goes after the winter.</p></div>
<div class="reply"><a rel="nofollow" class="comment-reply-link" href="$1?replytocom=419#respond">Reply</a></div></article></li>
</ol>
EOF
	if [ -n "${6:-}" ]; then
		cat <<EOF
<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Reply to $6 <small><a rel="nofollow" id="cancel-comment-reply-link" href="$1#respond">Cancel reply</a></small></h3>
EOF
	else
		cat <<EOF
<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a comment</h3>
EOF
	fi
	cat <<EOF
<form action="/wp-comments-post.php" method="post" id="commentform"><p class="comment-notes">Your email address will not be published. Required fields are marked *</p>
<p><label for="comment">Comment *</label><textarea id="comment" name="comment" rows="6"></textarea></p>
<p><label for="author">Name *</label><input id="author" name="author" type="text"></p>
<p class="form-submit"><input type="submit" value="Post Comment"></p></form></div>
</div>
</main>
<aside id="secondary" class="widget-area">
<section class="widget widget_search"><form role="search" action="/"><label>Search for: <input type="search" name="s"></label></form></section>
<section class="widget widget_recent_entries"><h2 class="widget-title">Latest posts</h2>
<ul>
$(latest "$4")
</ul></section>
<section class="widget widget_text"><h2 class="widget-title">Newsletter</h2><p>One email a month with the new posts from the harbour. No spam, and you can leave whenever you like.</p><p><a href="/newsletter/">Sign up here</a></p></section>
</aside>
</div>
<footer id="colophon" class="site-footer">
<div class="site-info">&copy; $5 Harbour Notes &middot; Written by hand in a port town &middot; <a href="/feed/">RSS</a> &middot; <a href="/privacy/">Privacy</a></div>
</footer>
<script src="/wp-includes/js/comment-reply.min.js?ver=6.4"></script>
</body>
</html>
EOF
}

post() {	# post SCHEME NAME MONTH DAY LAST-MONTH YEAR [QUERY [REPLYTO]]
	p=/2025/$3/$2.html
	body "$2" | blog "$p" "$2" "2025-$3-$4" "$5" "$6" "${8:-}" |
		page "$1/blog.example.org$p${7:+?$7}"
}

# The posts as fetched in the autumn of 2025, the sidebar listing the
# latest posts as of August; tide-pools was fetched in June, when the
# latest was the rain garden.
post https sourdough-starter 03 14 08 2025
post https winter-cycling 04 02 08 2025
post https tide-pools 05 21 06 2025
post https rain-garden 06 09 08 2025
post https repair-cafe 07 05 08 2025
post https city-stargazing 08 30 08 2025
# WordPress's reply link: the same post with the reply form moved
post https winter-cycling 04 02 08 2025 replytocom=412 Jonas
# the link of the May newsletter, fetched in January: the "latest posts"
# sidebar now lists the July and August posts, and the footer's year is 2026
post https tide-pools 05 21 08 2026 'utm_source=newsletter&utm_medium=email&utm_campaign=may'
# http twin: byte for byte the https page
mkdir -p "$out/http/blog.example.org/2025/03"
cp "$out/https/blog.example.org/2025/03/sourdough-starter.html" \
    "$out/http/blog.example.org/2025/03/sourdough-starter.html"
# an older fetch over http, from before two typos were fixed: its sidebar
# ends in June
p=/2025/06/rain-garden.html
body rain-garden | sed -e 's/receive all the water/recieve all the water/' \
    -e 's/the neighbour.s cellar/the neighbours cellar/' |
	blog "$p" rain-garden 2025-06-09 06 2025 | page "http/blog.example.org$p"

# home page and about page
{
	cat <<'EOF'
<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="UTF-8"><title>Harbour Notes &#8211; Everyday life in a small port town</title></head>
<body class="home blog">
<header class="site-header"><p class="site-title"><a href="/">Harbour Notes</a></p>
<nav class="main-navigation"><ul><li><a href="/">Home</a></li><li><a href="/about.html">About</a></li></ul></nav></header>
<main id="primary" class="site-main">
EOF
	for p in 2025/08/city-stargazing 2025/07/repair-cafe 2025/06/rain-garden \
	    2025/05/tide-pools 2025/04/winter-cycling 2025/03/sourdough-starter; do
		n=${p##*/}
		printf '<article class="post"><h2 class="entry-title"><a href="/%s.html">%s</a></h2>\n' \
		    "$p" "$(title "$n")"
		printf '<div class="entry-summary"><p>%s</p></div>\n' \
		    "$(sed -n 2p "$art/$n.txt" | cut -d . -f 1)."
		printf '<p><a class="more-link" href="/%s.html">Continue reading</a></p></article>\n' "$p"
	done
	cat <<'EOF'
</main>
<footer class="site-footer"><div class="site-info">&copy; 2025 Harbour Notes</div></footer>
</body>
</html>
EOF
} | page https/blog.example.org/index.html
body about | blog /about.html about 2025-01-01 08 2025 | page https/blog.example.org/about.html

# --- mirror.example.net: two posts copied, framed by the mirror ------------

mirror() {	# mirror NAME MONTH DAY
	t=$(title "$1")
	{
		cat <<EOF
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>$t | Harbour Notes (mirror)</title>
<link rel="canonical" href="https://blog.example.org/2025/$2/$1.html"></head>
<body>
<div class="mirror-banner" role="banner">You are reading a mirror of <a href="https://blog.example.org/">blog.example.org</a>, updated nightly. <a href="https://mirror.example.net/">All mirrored sites</a></div>
<div id="wrap">
<h1>$t</h1>
<p class="meta">Mara, 2025-$2-$3</p>
EOF
		body "$1"
		cat <<EOF
</div>
<div id="footer">Mirrored by mirror.example.net &middot; <a href="/abuse.html">Report a problem</a> &middot; Content &copy; its authors</div>
</body>
</html>
EOF
	} | page "https/mirror.example.net/harbour-notes/2025/$2/$1.html"
}
mirror repair-cafe 07 05
mirror city-stargazing 08 30

# --- news.example.com -------------------------------------------------------

# news PATH NAME DATE SECTION YEAR: a story; stdin is its body
news() {
	t=$(title "$2")
	cat <<EOF
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>$t | The Coastal Courier</title>
<meta name="description" content="$(sed -n 2p "$art/$2.txt" | cut -c 1-150)">
<link rel="amphtml" href="https://news.example.com/amp$1">
<script async src="https://www.googletagmanager.com/gtag/js?id=G-XXXX"></script>
</head>
<body>
<div id="cookie-consent" class="cookie-banner">We use cookies to understand how our stories are read. <button>Accept</button> <a href="/cookies.html">Settings</a></div>
<div class="topbar"><a href="/subscribe.html">Subscribe from 1 a week</a> | <a href="/login.html">Log in</a></div>
<header class="masthead"><a class="logo" href="/">The Coastal Courier</a>
<nav class="navbar"><a href="/">Home</a> <a href="/news/">News</a> <a href="/tag/harbour.html">Harbour</a> <a href="/sport/">Sport</a> <a href="/opinion/">Opinion</a> <a href="/weather/">Weather</a></nav></header>
<div class="breadcrumb"><a href="/">Home</a> &rsaquo; <a href="/news/">News</a> &rsaquo; $4</div>
<div class="layout">
<div class="story">
<h1 class="headline">$t</h1>
<p class="byline">By Tom Reyes, local affairs reporter &middot; $3</p>
<div class="story-body">
EOF
	cat
	cat <<EOF
</div>
<div class="tags">Tags: <a href="/tag/harbour.html">harbour</a>, <a href="/tag/$4.html">$4</a></div>
</div>
<div class="related"><h3>Related stories</h3><ul>
<li><a href="/2025/09/ferry-winter-timetable.html">$(title ferry-timetable)</a></li>
<li><a href="/2025/10/library-sunday-opening.html">$(title library-hours)</a></li>
<li><a href="/2025/09/harbour-festival-record.html">$(title harbour-festival)</a></li>
</ul></div>
<div class="promo newsletter-box"><p>Get the Courier's morning briefing in your inbox every weekday at seven.</p><a href="/newsletters.html">Sign up</a></div>
</div>
<footer class="site-footer"><p><a href="/about.html">About us</a> | <a href="/contact.html">Contact</a> | <a href="/terms.html">Terms</a> | <a href="/privacy.html">Privacy</a></p><p>&copy; $5 Coastal Courier Media Ltd. All rights reserved.</p></footer>
</body>
</html>
EOF
}

story() {	# story SCHEME NAME PATH DATE SECTION YEAR
	body "$2" | news "$3" "$2" "$4" "$5" "$6" | page "$1/news.example.com$3"
}
story https ferry-timetable /2025/09/ferry-winter-timetable.html "16 September 2025" transport 2025
story https library-hours /2025/10/library-sunday-opening.html "2 October 2025" culture 2025
# fetched again in January over https, in September over http: only the
# footer's year differs
story https harbour-festival /2025/09/harbour-festival-record.html "8 September 2025" events 2026
story http harbour-festival /2025/09/harbour-festival-record.html "8 September 2025" events 2025

# the AMP view of a story: the same text in a slim frame
{
	t=$(title harbour-festival)
	cat <<EOF
<!doctype html>
<html amp lang="en">
<head><meta charset="utf-8"><title>$t</title>
<link rel="canonical" href="https://news.example.com/2025/09/harbour-festival-record.html">
<style amp-custom>body{font-family:Georgia,serif}</style></head>
<body>
<header class="amp-header"><a href="/">The Coastal Courier</a></header>
<article>
<h1>$t</h1>
<p class="byline">By Tom Reyes, local affairs reporter &middot; 8 September 2025</p>
EOF
	body harbour-festival
	cat <<'EOF'
</article>
<footer class="amp-footer">&copy; 2025 Coastal Courier Media Ltd. <a href="/2025/09/harbour-festival-record.html">View the full site</a></footer>
</body>
</html>
EOF
} | page https/news.example.com/amp/2025/09/harbour-festival-record.html

# A malformed page, as an old CMS template leaves it: the header's <div>
# is never closed (so the whole story sits inside class="header"), <p> and
# <li> are never closed, attributes lack quotes, a stray </span>.
{
	t=$(title market-hall)
	cat <<EOF
<html>
<head>
<title>$t | The Coastal Courier</title>
<body bgcolor=#ffffff>
<div class=header id=top>
<a href=/><img src=/img/logo.gif alt="The Coastal Courier"></a>
<ul class=menu><li><a href=/>Home<li><a href=/news/>News<li><a href=/tag/harbour.html>Harbour<li><a href=/weather/>Weather</ul>
<div class=story>
<h1>$t</h1>
<p class=byline>By Tom Reyes &middot; 22 November 2025</span>
EOF
	sed 1d "$art/market-hall.txt" | sed 's/^/<p>/'
	cat <<'EOF'
</div>
<div class=footer>&copy; 2025 Coastal Courier Media Ltd.
</body>
EOF
} | page https/news.example.com/2025/11/market-hall-reopens.html

# A tag page whose links spell a few pages in many ways: relative, with
# tracking parameters, the host in capitals, the default port, dot
# segments, fragments, over http.
{
	cat <<'EOF'
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Harbour | The Coastal Courier</title></head>
<body>
<header class="masthead"><a class="logo" href="/">The Coastal Courier</a></header>
<main>
<h1>Stories tagged: harbour</h1>
<p>Everything the Courier has written about the harbour, the ferries and the people who work on the water, newest first.</p>
<ul class="story-list">
<li><a href="/2025/11/market-hall-reopens.html">Old market hall reopens after two years of repairs</a></li>
<li><a href="../2025/10/library-sunday-opening.html?utm_source=twitter&amp;utm_medium=social">Central library to open on Sunday afternoons</a></li>
<li><a href="https://NEWS.Example.COM:443/2025/09/harbour-festival-record.html#comments">Harbour festival draws record crowds despite the rain</a></li>
<li><a href="https://news.example.com/2025/09/./harbour-festival-record.html?fbclid=IwAR0x7Kq2mZp9Lw">Festival pictures: the rowing final</a></li>
<li><a href="/2025/09/ferry-winter-timetable.html?gclid=Cj0KCQjw8vqBhCdARIsAM&amp;utm_campaign=autumn">Island ferry moves to a winter timetable from October</a></li>
<li><a href="/2025/09/ferry-winter-timetable.html#timetable">The new sailing times</a></li>
<li><a href="/2025/09/%66erry-winter-timetable.html?utm_source=newsletter">Ferry timetable: what changes for commuters</a></li>
<li><a href="/2025/09/ferry-winter-timetable.html?mc_cid=5d1c2e&amp;mc_eid=a41f90">Ferry timetable (from our newsletter)</a></li>
<li><a href="http://news.example.com/2025/10/library-sunday-opening.html">Library hours: readers' questions answered</a></li>
<li><a href="https://www.example.net/wire/island-ferry-winter-timetable.html?ref=courier">Read it on the Regional Wire</a></li>
</ul>
<p class="pager"><a href="/tag/harbour.html?page=2">Older stories</a></p>
</main>
<footer class="site-footer"><p>&copy; 2025 Coastal Courier Media Ltd.</p></footer>
</body>
</html>
EOF
} | page https/news.example.com/tag/harbour.html

# www.example.net reprints the ferry story: its own frame, a sentence of
# its own after the last paragraph, and a line of credit.
{
	t=$(title ferry-timetable)
	cat <<EOF
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>$t - Regional Wire</title></head>
<body>
<div id="header"><div class="logo">Regional Wire</div><ul id="nav"><li><a href="/">Top stories</a></li><li><a href="/wire/">The wire</a></li><li><a href="/contact.html">Contact</a></li></ul></div>
<div id="main">
<div class="article">
<h1>$t</h1>
<div class="dateline">Published 17 September 2025</div>
EOF
	body ferry-timetable | sed '$d'
	cat <<'EOF'
<p>Printed timetables will be available at the harbour office and on board from next week. The operator's website already shows the new times.</p>
<p><em>This story first appeared in The Coastal Courier and is republished with permission.</em></p>
</div>
<div class="sidebar"><h3>Most read</h3><ol><li><a href="/wire/a.html">Council approves new cycle lanes</a></li><li><a href="/wire/b.html">Storm warning for the weekend</a></li></ol></div>
</div>
<div id="footer">Regional Wire &copy; 2025</div>
</body>
</html>
EOF
} | page https/www.example.net/wire/island-ferry-winter-timetable.html

# --- docs.example.com: one document in two API versions --------------------

apidoc() {	# apidoc VERSION
	t=$(title "api-$1-messages")
	cat <<EOF
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>$t &mdash; Tidewater API documentation</title></head>
<body>
<div class="docs-header"><a href="/">Tidewater API</a> <select class="version-switcher" aria-label="Version"><option>v2</option><option>v1</option></select> <a href="/changelog.html">Changelog</a> <a href="https://status.example.com/">Status</a></div>
<div class="docs-layout">
<nav class="docs-sidebar" aria-label="Reference"><ul>
<li><a href="/api/$1/index.html">Overview</a></li>
<li><a href="/api/$1/auth.html">Authentication</a></li>
<li><a href="/api/$1/mailboxes.html">Mailboxes</a></li>
<li><a href="/api/$1/messages.html">Messages</a></li>
<li><a href="/api/$1/webhooks.html">Webhooks</a></li>
</ul></nav>
<main class="docs-content">
<h1>$t</h1>
EOF
	body "api-$1-messages"
	cat <<EOF
<div class="feedback"><p>Was this page helpful?</p><form><button>Yes</button> <button>No</button></form></div>
</main>
</div>
<footer class="docs-footer">&copy; 2025 Tidewater Labs &middot; <a href="https://github.com/example/tidewater-docs/edit/main/api/$1/messages.md">Edit this page</a></footer>
</body>
</html>
EOF
}
apidoc v1 | page https/docs.example.com/api/v1/messages.html
apidoc v2 | page https/docs.example.com/api/v2/messages.html

# --- cn.example.net: Chinese local news --------------------------------------

# zh PATH NAME DATE EDITOR YEAR: a story; stdin is its body
zh() {
	t=$(title "$2")
	cat <<EOF
<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${t}_港城日报</title>
<meta name="keywords" content="港城,本地新闻,$t">
<script src="//hm.example.cn/hm.js?1f2e3d"></script>
</head>
<body>
<div class="top-bar">欢迎访问港城日报网 | <a href="/login.html">登录</a> | <a href="/register.html">注册</a> | <a href="/app.html">下载客户端</a></div>
<div class="header"><a href="/" class="logo">港城日报</a>
<ul class="nav"><li><a href="/">首页</a></li><li><a href="/bendi/">本地</a></li><li><a href="/minsheng/">民生</a></li><li><a href="/wenhua/">文化</a></li><li><a href="/tiyu/">体育</a></li><li><a href="/archive/">往期回顾</a></li></ul></div>
<div class="crumbs">当前位置：<a href="/">首页</a> &gt; <a href="/bendi/">本地</a> &gt; 正文</div>
<div class="main clearfix">
<div class="article">
<h1>$t</h1>
<div class="info">$3　来源：港城日报　作者：本报记者 林晓</div>
<div class="article-content">
EOF
	cat
	cat <<EOF
<p class="editor">（责任编辑：$4）</p>
</div>
<div class="share">分享到：<a href="#">微信</a> <a href="#">微博</a> <a href="#">QQ空间</a></div>
<div class="comment-box"><h3>网友评论</h3><ul><li>老街坊：写得真好，想起了小时候。</li><li>海边人：周末一定要去看看！</li></ul><p><a href="/comment/">我要评论</a></p></div>
</div>
<div class="side"><h3>热点新闻</h3><ul>
<li><a href="/2025/04/ditie.html">$(title ditie)</a></li>
<li><a href="/2025/05/laojie.html">$(title laojie)</a></li>
<li><a href="/2025/06/yeshi.html">$(title yeshi)</a></li>
</ul><div class="ad"><a href="https://ad.example.cn/click?id=88">港城车展 五一盛大开幕</a></div></div>
</div>
<div class="footer"><p><a href="/about.html">关于我们</a> | <a href="/contact.html">联系我们</a> | <a href="/jobs.html">招聘信息</a></p><p>版权所有 &copy; $5 港城日报社　未经授权禁止转载</p><p>备案号：示例ICP备00000000号</p></div>
</body>
</html>
EOF
}

zhstory() {	# zhstory SCHEME NAME MONTH DATE EDITOR
	p=/2025/$3/$2.html
	body "$2" | zh "$p" "$2" "$4" "$5" 2025 | page "$1/cn.example.net$p"
}
zhstory https chaguan 03 "2025-03-18 08:30" 周宁
zhstory https ditie 04 "2025-04-27 19:05" 马骏
zhstory https laojie 05 "2025-05-12 10:20" 周宁
zhstory https yeshi 06 "2025-06-21 21:40" 吴敏
zhstory https tushuguan 07 "2025-07-06 09:15" 马骏
# http twin, byte for byte
mkdir -p "$out/http/cn.example.net/2025/04"
cp "$out/https/cn.example.net/2025/04/ditie.html" "$out/http/cn.example.net/2025/04/ditie.html"
# an older fetch over http, before two wrong characters were corrected
p=/2025/05/laojie.html
body laojie | sed -e 's/修缮工程/修膳工程/' -e 's/测绘/侧绘/' |
	zh "$p" laojie "2025-05-12 10:20" 周宁 2025 | page "http/cn.example.net$p"

# the print view of a story: the text alone
{
	t=$(title yeshi)
	cat <<EOF
<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${t}_港城日报（打印版）</title></head>
<body onload="window.print()">
<h1>$t</h1>
<p>2025-06-21 21:40　来源：港城日报</p>
EOF
	body yeshi
	cat <<'EOF'
<p class="editor">（责任编辑：吴敏）</p>
</body></html>
EOF
} | page "https/cn.example.net/2025/06/yeshi.html?print=1"

# news.example.org reprints the teahouse story: its own frame, a source
# line at the top, its own editor at the end
{
	t=$(title chaguan)
	cat <<EOF
<!DOCTYPE html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>${t} - 海风资讯</title></head>
<body>
<div id="hd"><div class="logo">海风资讯</div><div class="menu"><a href="/">首页</a> <a href="/shehui/">社会</a> <a href="/caijing/">财经</a> <a href="/keji/">科技</a></div></div>
<div id="bd">
<div class="left">
<h1>$t</h1>
<div class="source">2025年03月18日 11:02　来源：港城日报</div>
<div id="artibody">
<p>原标题：$t</p>
EOF
	body chaguan
	cat <<'EOF'
<p>（本文来源：港城日报　编辑：郑凯）</p>
</div>
<div class="recommend"><h3>相关推荐</h3><ul><li><a href="/shehui/a.html">城市更新中的老字号</a></li><li><a href="/shehui/b.html">这些老茶馆你去过吗</a></li></ul></div>
</div>
<div class="right"><h3>24小时排行</h3><ol><li><a href="/keji/c.html">新能源汽车下乡</a></li><li><a href="/caijing/d.html">一季度经济数据发布</a></li></ol></div>
</div>
<div id="ft">海风资讯 版权所有 &copy; 2025</div>
</body>
</html>
EOF
} | page https/news.example.org/shehui/2025-03-chaguan.html

# The old archive, from 2009: a table layout, GBK, and no charset declared
# anywhere (the server sent it in the HTTP header, which a mirror loses).
# duanwu.html beside this script is the same page in UTF-8; the page in the
# crawl is that file through iconv.
mkdir -p "$out/https/cn.example.net/archive/2009"
iconv -f UTF-8 -t GBK "$src/duanwu.html" > "$out/https/cn.example.net/archive/2009/duanwu.html"
