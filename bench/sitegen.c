/* A crawl of sites whose pages share template lines that extraction
 * kept, for seenlines' benchmark and tests.
 *
 *   sitegen SITES PAGES LABELS > DOCS
 *
 * SITES sites (even-numbered ones English, odd ones Chinese) of PAGES
 * pages each, written site after site in turn (page 1 of every site,
 * then page 2, ...), as records "ID TAB TITLE TAB TEXT" (lines of TEXT
 * separated by \n).  A page is its article (2 to 25 paragraphs of
 * random words or characters, none repeated anywhere, and in a third of
 * the pages a few short headings from a list every site uses, such as
 * "Background") inside its site's template: a cookie notice, a menu, a
 * share line, a newsletter box
 * (a heading on some sites, a sentence, a call to sign up), and a footer
 * of two lines, each line worded by the site; some sites put the share
 * line twice.  LABELS gets a record "ID TAB CLASSES" for each page, one
 * character a line of its text: b for a template line, a for an article
 * line.  The same output for the same arguments. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static uint32_t
rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)((rng >> 11) % n);
}

static const char *const syl[] = {
	"ka", "lo", "min", "ter", "sa", "vel", "dor", "pi", "ran", "gu", "es",
	"tal", "mor", "ne", "bri", "cas", "un", "fel", "ho", "zi", "quen",
	"ra", "lis", "op", "ten", "dra", "vo", "mi", "sel", "an"
};

/* a word of 1 to 4 syllables */
static void
word(FILE *f)
{
	int n = 1 + (int)rnd(4);

	for (int i = 0; i < n; i++)
		fputs(syl[rnd(sizeof syl / sizeof *syl)], f);
}

/* a CJK character from U+4E00..U+8FFF */
static void
han(FILE *f)
{
	unsigned c = 0x4e00 + rnd(0x4200);

	fputc(0xe0 | (c >> 12), f);
	fputc(0x80 | ((c >> 6) & 63), f);
	fputc(0x80 | (c & 63), f);
}

static void
paragraph(FILE *f, int zh)
{
	int sentences = 1 + (int)rnd(4);

	for (int s = 0; s < sentences; s++) {
		int n = 6 + (int)rnd(18);

		if (s && !zh)
			fputc(' ', f);
		for (int i = 0; i < n; i++) {
			if (zh) {
				han(f);
				han(f);
				continue;
			}
			if (i)
				fputc(' ', f);
			word(f);
		}
		fputs(zh ? "。" : ".", f);
	}
}

static const char *const heading[2][6] = {
	{ "Background", "What we know", "Reaction", "What happens next",
	  "Analysis", "In numbers" },
	{ "背景", "我们所知道的", "各方反应", "下一步", "分析", "数字" },
};

static const char *const section[2][5] = {
	{ "News", "Business", "Technology", "Culture", "Sport" },
	{ "新闻", "财经", "科技", "文化", "体育" },
};

/* Template line i of site s (lang zh), written to f; its count. */
enum { T_COOKIE, T_MENU, T_SHARE, T_NEWS_HEAD, T_NEWS, T_NEWS_CTA,
    T_FOOT1, T_FOOT2, NT };

static void
tline(FILE *f, int t, int s, int zh)
{
	static const char *const en[NT] = {
		"We use cookies to give you the best experience on site@.example. By using this site you agree to our cookie policy.",
		"Home  News  Business  Technology  Culture  Sport  Opinion  site@",
		"Share this article on Facebook, X, LinkedIn or by email",
		"Newsletter",
		"Get the day's top stories from site@.example in your inbox every morning.",
		"Sign up now, it's free and you can unsubscribe at any time",
		"© 2025 Site@ Media Group. All rights reserved.",
		"About us | Contact | Careers | Advertise | Privacy policy | Terms of use",
	};
	static const char *const cn[NT] = {
		"本网站（站点@）使用Cookie以改善您的浏览体验。继续浏览即表示您同意我们的Cookie政策。",
		"首页　新闻　财经　科技　文化　体育　评论　站点@",
		"分享本文到微信、微博、QQ空间或通过邮件发送给朋友",
		"订阅",
		"每天早上把站点@的头条新闻发送到您的邮箱，不错过任何重要消息。",
		"立即免费订阅，随时可以退订，我们不会向第三方提供您的邮箱地址",
		"© 2025 站点@传媒集团 版权所有 未经许可不得转载",
		"关于我们 | 联系我们 | 招聘 | 广告合作 | 隐私政策 | 使用条款",
	};

	/* the site's number where the wording has @ */
	for (const char *c = zh ? cn[t] : en[t]; *c; c++)
		if (*c == '@')
			fprintf(f, "%d", s);
		else
			fputc(*c, f);
}

int
main(int argc, char *argv[])
{
	FILE *labels;
	int sites, pages;

	if (argc != 4 || (sites = atoi(argv[1])) < 1 ||
	    (pages = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: sitegen SITES PAGES LABELS > DOCS\n");
		return 2;
	}
	if ((labels = fopen(argv[3], "w")) == NULL) {
		perror(argv[3]);
		return 2;
	}
	for (int p = 0; p < pages; p++)
		for (int s = 0; s < sites; s++) {
			int zh = s & 1, sect, n, heads, nl = 0;
			char cls[128];
			/* the site's habits, the same on every page */
			int newshead = s % 3 == 0, share2 = s % 4 == 1;

			rng = ((uint64_t)s << 32 | (uint64_t)p) * 0x9e3779b97f4a7c15ULL | 1;
			for (int i = 0; i < 4; i++)
				rnd(2);
			sect = (int)rnd(5);
			n = 2 + (int)rnd(24);
			heads = rnd(3) == 0;
			printf("site%d.example/%s/%d.html\t", s, section[0][sect], p);
			for (int i = 0; i < 5; i++) {
				if (i && !zh)
					putchar(' ');
				if (zh)
					han(stdout);
				else
					word(stdout);
			}
			putchar('\t');
#define LINE(c) do { if (nl) fputs("\\n", stdout); cls[nl++] = (c); } while (0)
			LINE('b'); tline(stdout, T_COOKIE, s, zh);
			LINE('b'); tline(stdout, T_MENU, s, zh);
			for (int i = 0; i < n && nl < 100; i++) {
				if (heads && i && i % 4 == 0) {
					LINE('a');
					fputs(heading[zh][rnd(6)], stdout);
				}
				LINE('a');
				paragraph(stdout, zh);
				if (i == n / 2 && share2) {
					LINE('b');
					tline(stdout, T_SHARE, s, zh);
				}
			}
			LINE('b'); tline(stdout, T_SHARE, s, zh);
			if (newshead) {
				LINE('b');
				tline(stdout, T_NEWS_HEAD, s, zh);
			}
			LINE('b'); tline(stdout, T_NEWS, s, zh);
			LINE('b'); tline(stdout, T_NEWS_CTA, s, zh);
			LINE('b'); tline(stdout, T_FOOT1, s, zh);
			LINE('b'); tline(stdout, T_FOOT2, s, zh);
#undef LINE
			putchar('\n');
			fprintf(labels, "site%d.example/%s/%d.html\t%.*s\n", s,
			    section[0][sect], p, nl, cls);
		}
	if (fclose(labels) != 0 || fflush(stdout) != 0) {
		perror("sitegen");
		return 2;
	}
	return 0;
}
