/* Test pages in the design of seed 001: htmlgen DIR [REPEAT]
 *
 * 4 templates (a semantic <article>, class="post-content", five nested
 * divs with meaningless class names, a table layout) x 4 encodings (UTF-8,
 * GBK declared by <meta>, GBK declared nowhere, UTF-8 with a byte order
 * mark) x 4 malformations (<p> never closed, attribute values without
 * quotes, the </div> of class="header" missing so that the article ends
 * up inside it, intact) x REPEAT (default 5) pages.  Every page carries
 * 24 navigation links, 18 sidebar items, 12 comments (about as much text
 * as the article), 4 ad slots, a tag cloud, an author card, a pager, a
 * cookie banner and a script holding the site statement
 * "本文由示例社区原创发布，转载请注明出处"; the article has 4-character
 * (and 2-character) headings, a <br> inside a paragraph, entities and a
 * list.  Chinese prose, or English on half of the UTF-8 pages.
 *
 * Page TEMPLATE_ENCODING_MALFORMATION_N.html gets TEMPLATE_..._N.txt
 * beside it: the headline, then the article one block per line, as a
 * reader sees them (entities decoded).  `htmlscore lines` compares
 * htmltext's TITLE and TEXT with it.  The pages are the same on every
 * run.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucnv.h>

#include "buf.h"

static uint64_t rs = 0x853c49e6748fea9bULL;

static uint32_t
rnd(uint32_t n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (uint32_t)((rs >> 16) % n);
}

static struct buf html, want, tmp, headline;
static int zh;

static void
put(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

/* Both the page and the expected text. */
static void
both(const char *h, const char *e)
{
	put(&html, h);
	put(&want, e);
}

static const char *const zh_words[] = {
	"系统", "数据", "页面", "编码", "结构", "正文", "算法", "模型",
	"网络", "抓取", "文本", "标签", "节点", "容器", "测试", "结果",
	"问题", "方法", "时间", "用户", "服务", "程序", "文件", "字符",
	"质量", "性能", "规则", "流程", "工具", "分析", "处理", "提取",
	"语料", "实验", "样本", "设计", "实现", "错误", "修复", "版本",
	"检查", "输出", "输入", "格式", "记录", "索引", "检索", "排序",
	"过滤", "合并", "重复", "相似", "指纹", "阈值", "统计", "比例",
	"明显", "重要", "简单", "复杂", "稳定", "快速", "准确", "完整",
	"常见", "典型", "真实", "我们", "已经", "可以", "需要", "应该",
	"因为", "所以", "但是", "如果", "通过", "对于", "以及", "或者",
	"浏览器", "解析器", "段落", "标题", "字节", "替换字符", "声明",
};
static const char *const zh_glue[] = { "的", "了", "在", "是", "和",
	"把", "对", "从", "也", "都", "就", "还", "将", "与" };
static const char *const en_words[] = {
	"the", "page", "text", "parser", "encoding", "a", "of", "to", "and",
	"in", "is", "that", "for", "it", "with", "as", "was", "on", "data",
	"system", "result", "model", "test", "number", "error", "value",
	"rule", "step", "block", "line", "title", "heading", "paragraph",
	"reader", "browser", "markup", "structure", "noise", "content",
	"quality", "speed", "measure", "corpus", "sample", "template",
	"because", "when", "every", "some", "most", "which", "could",
	"should", "never", "often", "still", "again", "between", "after",
	"before", "without", "through", "people", "work", "time", "way",
	"found", "kept", "lost", "broken", "careful", "simple", "real",
};

static void
zh_sentence(struct buf *b)
{
	int n = 5 + (int)rnd(8);

	for (int i = 0; i < n; i++) {
		put(b, zh_words[rnd(sizeof zh_words / sizeof zh_words[0])]);
		if (rnd(3) == 0)
			put(b, zh_glue[rnd(sizeof zh_glue / sizeof zh_glue[0])]);
		if (i + 1 < n && rnd(6) == 0)
			put(b, "，");
	}
	put(b, rnd(8) ? "。" : "！");
}

static void
en_sentence(struct buf *b)
{
	int n = 7 + (int)rnd(12);

	for (int i = 0; i < n; i++) {
		const char *w = en_words[rnd(sizeof en_words / sizeof en_words[0])];

		if (i == 0) {
			buf_putc(b, (char)(w[0] - 32 * (w[0] >= 'a' && w[0] <= 'z')));
			put(b, w + 1);
		} else {
			buf_putc(b, ' ');
			put(b, w);
		}
		if (i + 1 < n && rnd(9) == 0)
			buf_putc(b, ',');
	}
	buf_putc(b, '.');
}

/* Prose of n sentences into b. */
static void
prose(struct buf *b, int n)
{
	for (int i = 0; i < n; i++) {
		if (!zh && i > 0)
			buf_putc(b, ' ');
		if (zh)
			zh_sentence(b);
		else
			en_sentence(b);
	}
}

/* A paragraph of the article: plain, with an entity, a link, or a <br>. */
static void
paragraph(void)
{
	int kind = (int)rnd(5);

	tmp.len = 0;
	prose(&tmp, 2 + (int)rnd(3));
	put(&html, "<p>");
	put(&html, buf_cstr(&tmp));
	put(&want, buf_cstr(&tmp));
	switch (kind) {
	case 0:		/* entities, decoded in the expected text */
		if (zh)
			both("&#x4E2D;&#25991;&amp;&#x82F1;&#25991;&mdash;都能读。",
			    "中文&英文—都能读。");
		else
			both(" Fish &amp; chips &mdash; &lt;b&gt; is &quot;bold&quot;.",
			    " Fish & chips — <b> is \"bold\".");
		break;
	case 1:		/* a small link inside a sentence */
		if (zh)
			both("详见<a href=\"/doc/1\">说明文档</a>。", "详见说明文档。");
		else
			both(" See <a href=\"/doc/1\">the notes</a> for more.",
			    " See the notes for more.");
		break;
	case 2:		/* a line break: two lines */
		tmp.len = 0;
		prose(&tmp, 1 + (int)rnd(2));
		put(&html, "<br>");
		put(&want, "\n");
		both(buf_cstr(&tmp), buf_cstr(&tmp));
		break;
	case 3:
		tmp.len = 0;
		prose(&tmp, 1);
		put(&html, zh ? "<strong>" : " <strong>");
		put(&want, zh ? "" : " ");
		both(buf_cstr(&tmp), buf_cstr(&tmp));
		put(&html, "</strong>");
		break;
	}
	both("</p>\n", "\n");
}

static const char *const zh_heads[] = { "处理流程", "性能观察", "常见误区",
	"背景介绍", "实验设计", "结果分析", "问题定义", "方法概述", "引言",
	"结论", "数据来源", "踩坑清单" };
static const char *const en_heads[] = { "Setup", "Results", "Pitfalls",
	"Background", "Method", "Data", "Notes", "Summary", "Scope",
	"Why", "Timing", "Caveats" };

static void
heading(const char *tag)
{
	const char *h = zh ? zh_heads[rnd(12)] : en_heads[rnd(12)];

	put(&html, "<");
	put(&html, tag);
	put(&html, ">");
	both(h, h);
	put(&html, "</");
	put(&html, tag);
	both(">\n", "\n");
}

static void
list(void)
{
	put(&html, "<ul>\n");
	for (int i = 0, n = 3 + (int)rnd(3); i < n; i++) {
		tmp.len = 0;
		prose(&tmp, 1);
		put(&html, "<li>");
		both(buf_cstr(&tmp), buf_cstr(&tmp));
		both("</li>\n", "\n");
	}
	put(&html, "</ul>\n");
}

static void
ad(int k)
{
	char s[256];

	snprintf(s, sizeof s, "<div class=\"ad-slot\" id=\"ad%d\">%s</div>\n",
	    k, zh ? "广告：限时特惠，全场五折起，点击立即抢购！" :
	    "Advertisement: limited offer, half price on everything today!");
	put(&html, s);
}

static void
body(void)
{
	int sections = 3 + (int)rnd(3);

	paragraph();
	for (int s = 0; s < sections; s++) {
		heading(rnd(4) ? "h2" : "h3");
		for (int p = 0, n = 1 + (int)rnd(3); p < n; p++)
			paragraph();
		if (s == 1)
			ad(2);
		if (s == sections - 1)
			list();
	}
}

static void
link_title(struct buf *b)
{
	tmp.len = 0;
	if (zh) {
		for (int i = 0, n = 3 + (int)rnd(4); i < n; i++)
			put(&tmp, zh_words[rnd(sizeof zh_words / sizeof zh_words[0])]);
	} else
		en_sentence(&tmp);
	put(b, buf_cstr(&tmp));
}

static void
nav(bool semantic)
{
	static const char *const zh_nav[] = { "首页", "新闻", "科技", "财经",
	    "体育", "娱乐", "汽车", "房产", "教育", "健康", "旅游", "文化" };
	static const char *const en_nav[] = { "Home", "News", "Tech",
	    "Business", "Sport", "Culture", "Travel", "Health", "Science",
	    "Opinion", "Video", "Podcasts" };
	char s[128];

	put(&html, semantic ? "<nav>\n<ul>\n" : "<ul class=\"nav\">\n");
	for (int i = 0; i < 24; i++) {
		snprintf(s, sizeof s, "<li><a href=\"/c/%d\">%s%s</a></li>\n", i,
		    zh ? zh_nav[i % 12] : en_nav[i % 12],
		    i >= 12 ? (zh ? "频道" : " more") : "");
		put(&html, s);
	}
	put(&html, semantic ? "</ul>\n</nav>\n" : "</ul>\n");
}

static void
sidebar(void)
{
	put(&html, zh ? "<h3>热门文章</h3>\n<ul>\n" : "<h3>Most read</h3>\n<ul>\n");
	for (int i = 0; i < 18; i++) {
		char s[64];

		snprintf(s, sizeof s, "<li><a href=\"/a/%d\">", 100 + i);
		put(&html, s);
		link_title(&html);
		snprintf(s, sizeof s, "</a> <span>%s %d</span></li>\n",
		    zh ? "阅读" : "views", 1000 + (int)rnd(9000));
		put(&html, s);
	}
	put(&html, "</ul>\n");
	ad(3);
}

static void
comments(const char *open)
{
	put(&html, open);
	put(&html, zh ? "<h3>网友评论</h3>\n" : "<h3>12 comments</h3>\n");
	for (int i = 0; i < 12; i++) {
		char s[160];

		snprintf(s, sizeof s, "<div class=\"comment\"><a class=\"user\" "
		    "href=\"/u/%d\">%s%d</a> <span class=\"date\">2024-01-%02d"
		    "</span>\n<p>", i, zh ? "网友" : "reader", i, i + 1);
		put(&html, s);
		prose(&html, 2 + (int)rnd(3));
		put(&html, "</p></div>\n");
	}
	put(&html, "</div>\n");
}

static void
extras(void)
{
	put(&html, zh ? "<div class=\"tags\">标签：" : "<div class=\"tags\">Tags: ");
	for (int i = 0; i < 10; i++) {
		char s[96];

		snprintf(s, sizeof s, "<a href=\"/t/%d\">%s</a> ", i,
		    zh ? zh_words[i * 7] :
		    en_words[(i * 7 + 20) % (sizeof en_words / sizeof en_words[0])]);
		put(&html, s);
	}
	put(&html, "</div>\n<div class=\"author-card\"><a href=\"/u/a\">");
	put(&html, zh ? "张三" : "Jane Roe");
	put(&html, "</a><p>");
	prose(&html, 2);
	put(&html, "</p></div>\n<div class=\"pagination\"><a href=\"/p/1\">");
	put(&html, zh ? "上一篇：" : "Previous: ");
	link_title(&html);
	put(&html, "</a> <a href=\"/p/3\">");
	put(&html, zh ? "下一篇：" : "Next: ");
	link_title(&html);
	put(&html, "</a></div>\n");
}

static void
tail(void)
{
	ad(4);
	put(&html, zh ? "<div class=\"footer\"><p>© 2024 示例社区 版权所有 "
	    "京ICP备12345678号</p><p>联系我们 | 关于我们 | 隐私政策</p></div>\n"
	    "<div class=\"cookie-banner\"><p>本站使用Cookie改善浏览体验，"
	    "继续浏览即表示您同意我们的Cookie政策。</p><a href=\"#\">同意</a>"
	    "</div>\n" :
	    "<div class=\"footer\"><p>© 2024 Example Community. All rights "
	    "reserved.</p><p>Contact | About | Privacy</p></div>\n"
	    "<div class=\"cookie-banner\"><p>We use cookies to improve your "
	    "experience. By continuing you agree to our cookie policy.</p>"
	    "<a href=\"#\">Accept</a></div>\n");
}

enum { T_ARTICLE, T_POST, T_NESTED, T_TABLE };
enum { E_UTF8, E_GBKMETA, E_GBKNONE, E_UTF8BOM };
enum { M_UNCLOSEDP, M_UNQUOTED, M_MISSINGDIV, M_INTACT };
static const char *const tnames[] = { "article", "postcontent", "nested",
	"table" };
static const char *const enames[] = { "utf8", "gbkmeta", "gbknone",
	"utf8bom" };
static const char *const mnames[] = { "unclosedp", "unquoted",
	"missingdiv", "intact" };

/* The close of class="header", removed by the missing-</div> pages. */
#define HEADER_END	"\001"

static void
page(int t, int e, int n)
{
	const char *site = zh ? "示例社区" : "Example Community";

	html.len = want.len = 0;
	put(&html, "<!DOCTYPE html>\n<html>\n<head>\n");
	if (e == E_UTF8 || e == E_UTF8BOM)
		put(&html, "<meta charset=\"utf-8\">\n");
	else if (e == E_GBKMETA)
		put(&html, n % 2 ? "<meta http-equiv=\"Content-Type\" "
		    "content=\"text/html; charset=gb2312\">\n" :
		    "<meta charset=\"gbk\">\n");
	headline.len = 0;
	link_title(&headline);
	put(&want, buf_cstr(&headline));
	put(&want, "\n");
	put(&html, "<title>");
	put(&html, buf_cstr(&headline));
	put(&html, " - ");
	put(&html, site);
	put(&html, "</title>\n<style>.ad-slot{border:1px solid}</style>\n"
	    "<script>window.__INITIAL_STATE__={\"tip\":\"本文由示例社区原创发布，"
	    "转载请注明出处\",\"page\":1};</script>\n</head>\n<body>\n"
	    "<div class=\"header\">\n<div class=\"logo\"><a href=\"/\">");
	put(&html, site);
	put(&html, "</a></div>\n");
	nav(t == T_ARTICLE);
	put(&html, HEADER_END "\n");
	ad(1);
	switch (t) {
	case T_ARTICLE:
		put(&html, "<main>\n<article>\n<h1>");
		put(&html, buf_cstr(&headline));
		put(&html, "</h1>\n");
		body();
		extras();
		put(&html, "</article>\n<aside class=\"sidebar\">\n");
		sidebar();
		put(&html, "</aside>\n</main>\n");
		comments("<section class=\"comments\">\n<div>\n");
		put(&html, "</section>\n");
		break;
	case T_POST:
		put(&html, "<div class=\"container\">\n<div class=\"post\">\n<h1>");
		put(&html, buf_cstr(&headline));
		put(&html, "</h1>\n<div class=\"post-content\">\n");
		body();
		put(&html, "</div>\n");
		extras();
		put(&html, "</div>\n<div class=\"sidebar\">\n");
		sidebar();
		put(&html, "</div>\n</div>\n");
		comments("<div class=\"comments\">\n");
		break;
	case T_NESTED:
		put(&html, "<div class=\"a1\">\n<div class=\"b2\">\n<div class=\"c3\">\n"
		    "<div class=\"d4\">\n<div class=\"e5\">\n<h1>");
		put(&html, buf_cstr(&headline));
		put(&html, "</h1>\n");
		body();
		put(&html, "</div>\n</div>\n</div>\n</div>\n");
		extras();
		put(&html, "</div>\n<div class=\"f6\" id=\"sidebar\">\n");
		sidebar();
		put(&html, "</div>\n");
		comments("<div class=\"g7\" id=\"comments\">\n");
		break;
	case T_TABLE:
		put(&html, "<table class=\"layout\" width=\"100%\">\n<tr>\n"
		    "<td class=\"side\" width=\"200\" valign=\"top\">\n");
		sidebar();
		put(&html, "</td>\n<td class=\"main\" valign=\"top\">\n<h1>");
		put(&html, buf_cstr(&headline));
		put(&html, "</h1>\n");
		body();
		extras();
		put(&html, "</td>\n</tr>\n<tr>\n<td colspan=\"2\">\n");
		comments("<div class=\"comments\">\n");
		put(&html, "</td>\n</tr>\n</table>\n");
		break;
	}
	tail();
	put(&html, "</body>\n</html>\n");
}

/* The malformation, as a rewrite of the page. */
static void
malform(int m)
{
	struct buf out = { 0 };
	size_t i = 0;

	while (i < html.len) {
		const char *p = html.p + i;
		size_t left = html.len - i;

		if (*p == '\001') {
			if (m != M_MISSINGDIV)
				put(&out, "</div>");
			i++;
		} else if (m == M_UNCLOSEDP && left >= 4 &&
		    memcmp(p, "</p>", 4) == 0)
			i += 4;
		else if (m == M_UNQUOTED && left > 2 && p[0] == '=' &&
		    p[1] == '"') {
			const char *q = memchr(p + 2, '"', left - 2);
			size_t n = q ? (size_t)(q - p - 2) : 0;

			if (q && n > 0 && memchr(p + 2, ' ', n) == NULL &&
			    memchr(p + 2, '>', n) == NULL) {
				buf_putc(&out, '=');
				buf_append(&out, p + 2, n);
				i += n + 3;
			} else {
				buf_putc(&out, *p);
				i++;
			}
		} else {
			buf_putc(&out, *p);
			i++;
		}
	}
	buf_free(&html);
	html = out;
}

static void
write_file(const char *path, const char *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
		fprintf(stderr, "htmlgen: %s: %s\n", path, strerror(errno));
		exit(2);
	}
}

static void
to_gbk(void)
{
	UErrorCode err = U_ZERO_ERROR;
	int32_t n;

	buf_reserve(&tmp, html.len * 2 + 16);
	n = ucnv_convert("GBK", "UTF-8", tmp.p, (int32_t)tmp.cap, html.p,
	    (int32_t)html.len, &err);
	if (U_FAILURE(err)) {
		fprintf(stderr, "htmlgen: GBK: %s\n", u_errorName(err));
		exit(2);
	}
	html.len = 0;
	buf_append(&html, tmp.p, (size_t)n);
}

int
main(int argc, char *argv[])
{
	int repeat = argc > 2 ? atoi(argv[2]) : 5;
	char path[4096];

	if (argc < 2 || argc > 3 || repeat <= 0) {
		fputs("usage: htmlgen DIR [REPEAT]\n", stderr);
		return 2;
	}
	for (int t = 0; t < 4; t++)
		for (int e = 0; e < 4; e++)
			for (int m = 0; m < 4; m++)
				for (int n = 0; n < repeat; n++) {
					char *name;

					zh = e == E_GBKMETA || e == E_GBKNONE ||
					    (t + m + n) % 2 == 0;
					page(t, e, n);
					malform(m);
					if (e == E_GBKMETA || e == E_GBKNONE)
						to_gbk();
					if (e == E_UTF8BOM) {
						tmp.len = 0;
						put(&tmp, "\xef\xbb\xbf");
						buf_append(&tmp, html.p, html.len);
						html.len = 0;
						buf_append(&html, tmp.p, tmp.len);
					}
					snprintf(path, sizeof path, "%s/%s_%s_%s_%03d",
					    argv[1], tnames[t], enames[e], mnames[m], n);
					name = path + strlen(path);
					strcpy(name, ".html");
					write_file(path, html.p, html.len);
					strcpy(name, ".txt");
					write_file(path, want.p, want.len);
				}
	buf_free(&html);
	buf_free(&want);
	buf_free(&tmp);
	buf_free(&headline);
	return 0;
}
