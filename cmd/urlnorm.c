/* urlnorm — one canonical form per page: WHATWG parsing, RFC 3986
 * normalization, and a crawl policy for query and fragment. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "escape.h"
#include "stream.h"
#include "url.h"
#include "xalloc.h"

static const char help[] =
"Usage: urlnorm [-a] [-f N] [--profile P] [options] [file ...]\n"
"Replace the URL field of each record (default: the first) with its\n"
"canonical form: parsed as browsers do (WHATWG), percent-encoding\n"
"normalized (RFC 3986), tracking parameters and fragment dropped, query\n"
"parameters sorted.  Records whose field is not a URL are rejected.\n"
"\n"
"  -f, --field N            the URL field: 1 is the first, -1 the last\n"
"  -a, --add                keep the URL and add the result just before it\n"
"      --profile P          whatwg (the standard's href), rfc3986 (+\n"
"                           percent-encoding normalization), safe (+ the\n"
"                           policy; the default) or aggressive (safe and\n"
"                           every option marked *)\n"
"      --base URL           resolve relative references against URL\n"
"      --base-field M       ... against the URL in field M of the record\n"
"      --surt               write the SURT key (com,example)/path?query)\n"
"      --unicode-host       write international domain names in Unicode\n"
"Policy (profiles safe and aggressive):\n"
"      --keep-fragment      keep the fragment\n"
"      --keep-fragment=routing  keep only #!... and #/... fragments\n"
"      --no-sort            keep query parameters in their order\n"
"      --drop-param NAME    also drop parameter NAME (NAME*: a prefix)\n"
"      --drop-params-file FILE  also drop the names in FILE, one a line\n"
"      --keep-param NAME    keep only the parameters named (repeatable)\n"
"      --no-default-drops   keep utm_source utm_medium utm_campaign\n"
"                           utm_term utm_content fbclid gclid\n"
"      --extended-drops     drop utm_* and some 30 other click and\n"
"                           campaign identifiers (see the manual)\n"
"  *   --strip-www          www. and wwwN. (when two labels remain)\n"
"  *   --strip-session-ids  jsessionid phpsessid sid aspsessionid* cfid\n"
"                           cftoken parameters, ;jsessionid= in the path\n"
"  *   --strip-trailing-slash  /a/ is /a\n"
"  *   --strip-index        /a/index.html is /a/ (and default.aspx, ...)\n"
"  *   --collapse-slashes   /a//b is /a/b\n"
"  *   --strip-userinfo     drop user:password@\n"
"  *   --strip-trailing-dot example.com. is example.com\n"
"      --force-https        http: is https:\n"
CLI_HELP_COMMON;

enum {
	OPT_PROFILE = OPT_PROGRAM, OPT_BASE, OPT_BASE_FIELD, OPT_SURT,
	OPT_UNICODE_HOST, OPT_KEEP_FRAGMENT, OPT_NO_SORT, OPT_DROP_PARAM,
	OPT_DROP_PARAMS_FILE, OPT_KEEP_PARAM, OPT_NO_DEFAULT_DROPS,
	OPT_EXTENDED_DROPS, OPT_STRIP_WWW, OPT_STRIP_SESSION_IDS,
	OPT_STRIP_TRAILING_SLASH, OPT_STRIP_INDEX, OPT_COLLAPSE_SLASHES,
	OPT_STRIP_USERINFO, OPT_STRIP_TRAILING_DOT, OPT_FORCE_HTTPS
};

static const struct option longopts[] = {
	{ "field",		required_argument,	NULL, 'f' },
	{ "add",		no_argument,		NULL, 'a' },
	{ "profile",		required_argument,	NULL, OPT_PROFILE },
	{ "base",		required_argument,	NULL, OPT_BASE },
	{ "base-field",		required_argument,	NULL, OPT_BASE_FIELD },
	{ "surt",		no_argument,		NULL, OPT_SURT },
	{ "unicode-host",	no_argument,		NULL, OPT_UNICODE_HOST },
	{ "keep-fragment",	optional_argument,	NULL, OPT_KEEP_FRAGMENT },
	{ "no-sort",		no_argument,		NULL, OPT_NO_SORT },
	{ "drop-param",		required_argument,	NULL, OPT_DROP_PARAM },
	{ "drop-params-file",	required_argument,	NULL, OPT_DROP_PARAMS_FILE },
	{ "keep-param",		required_argument,	NULL, OPT_KEEP_PARAM },
	{ "no-default-drops",	no_argument,		NULL, OPT_NO_DEFAULT_DROPS },
	{ "extended-drops",	no_argument,		NULL, OPT_EXTENDED_DROPS },
	{ "strip-www",		no_argument,		NULL, OPT_STRIP_WWW },
	{ "strip-session-ids",	no_argument,		NULL, OPT_STRIP_SESSION_IDS },
	{ "strip-trailing-slash", no_argument,		NULL, OPT_STRIP_TRAILING_SLASH },
	{ "strip-index",	no_argument,		NULL, OPT_STRIP_INDEX },
	{ "collapse-slashes",	no_argument,		NULL, OPT_COLLAPSE_SLASHES },
	{ "strip-userinfo",	no_argument,		NULL, OPT_STRIP_USERINFO },
	{ "strip-trailing-dot",	no_argument,		NULL, OPT_STRIP_TRAILING_DOT },
	{ "force-https",	no_argument,		NULL, OPT_FORCE_HTTPS },
	CLI_LONGOPTS_COMMON,
	{ NULL,			0,			NULL, 0 }
};

/* The opt-ins that set a flag. */
static const struct {
	int		 ch;
	unsigned	 flag;
} flag_options[] = {
	{ OPT_NO_SORT,			URL_NO_SORT },
	{ OPT_STRIP_WWW,		URL_STRIP_WWW },
	{ OPT_STRIP_SESSION_IDS,	URL_STRIP_SESSION_IDS },
	{ OPT_STRIP_TRAILING_SLASH,	URL_STRIP_TRAILING_SLASH },
	{ OPT_STRIP_INDEX,		URL_STRIP_INDEX },
	{ OPT_COLLAPSE_SLASHES,		URL_COLLAPSE_SLASHES },
	{ OPT_STRIP_USERINFO,		URL_STRIP_USERINFO },
	{ OPT_STRIP_TRAILING_DOT,	URL_STRIP_TRAILING_DOT },
	{ OPT_FORCE_HTTPS,		URL_FORCE_HTTPS }
};

static int field = 1, base_field;	/* base_field 0: none */
static bool add, surt;
static struct url_norm norm;
static int policy_opt;		/* the first policy option given */

static enum url_profile
parse_profile(const char *arg)
{
	static const char *const names[] = {
		[URL_PROFILE_WHATWG] = "whatwg", [URL_PROFILE_RFC3986] = "rfc3986",
		[URL_PROFILE_SAFE] = "safe", [URL_PROFILE_AGGRESSIVE] = "aggressive"
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(arg, names[i]) == 0)
			return (enum url_profile)i;
	cli_usage_error("--profile: '%s' is not a profile (whatwg, rfc3986, "
	    "safe or aggressive)", arg);
}

static void
field_option(const char *opt, const char *arg, int *n)
{
	if (!field_parse(arg, NULL, n))
		cli_usage_error("%s: '%s' is not a field number (1 is the "
		    "first, -1 the last)", opt, arg);
}

/* The long name of option ch, for messages. */
static const char *
option_name(int ch)
{
	for (const struct option *o = longopts; o->name != NULL; o++)
		if (o->val == ch)
			return o->name;
	return "?";
}

static void
param_name(struct url_params *l, const char *opt, const char *name,
    size_t len)
{
	if (len == 0 || (len == 1 && name[0] == '*'))
		cli_usage_error("%s: '%.*s' is not a parameter name (NAME, or "
		    "PREFIX* for every name that starts with PREFIX)", opt,
		    (int)len, name);
	if (l != NULL)
		url_params_add(l, name, len);
}

/* --drop-params-file: a name a line; blank lines and lines starting
 * with '#' are skipped, white space around a name is not part of it. */
static void
read_params_file(struct url_params *l, const char *path)
{
	FILE *fp = fopen(path, "r");
	char line[4096];

	if (fp == NULL)
		diag_fatal("--drop-params-file: %s: %s", path, strerror(errno));
	while (fgets(line, sizeof line, fp) != NULL) {
		char *s = line, *e = line + strlen(line);

		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		while (e > s && (e[-1] == '\n' || e[-1] == '\r' ||
		    e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (s == e || *s == '#')
			continue;
		param_name(l, "--drop-params-file", s, (size_t)(e - s));
	}
	if (ferror(fp))
		diag_fatal("--drop-params-file: %s: %s", path, strerror(errno));
	fclose(fp);
}

/* The text of a field: unescaped into b when it holds a backslash.
 * False if it holds none. */
static bool
field_text(const struct span *f, struct buf *b, const char **p, size_t *n)
{
	if (memchr(f->p, '\\', f->n) == NULL) {
		*p = f->p;
		*n = f->n;
		return false;
	}
	b->len = 0;
	unescape_append(b, f->p, f->n);
	*p = b->p;
	*n = b->len;
	return true;
}

/* The base URL of record r for --base-field, parsed once for a run of
 * records with the same one; NULL when the field is empty.  False if
 * the record was rejected. */
static bool base_backslash;	/* the base URL of the record has one */

static bool
record_base(struct stream *s, const struct record *r, struct url *base,
    const struct url **bp)
{
	static struct buf last, text;
	static bool have_last;
	static enum url_error last_err;
	struct span f;
	const char *p;
	size_t n;
	char q[DIAG_QUOTE_MAX];

	if (!field_get(r->p, r->n, base_field, &f)) {
		stream_reject(s, r, "no base field %d: the record has %zu",
		    base_field, field_count(r->p, r->n));
		return false;
	}
	if (f.n == 0) {
		*bp = NULL;
		return true;
	}
	if (!have_last || last.len != f.n || memcmp(last.p, f.p, f.n) != 0) {
		last.len = 0;
		buf_append(&last, f.p, f.n);
		have_last = true;
		field_text(&f, &text, &p, &n);
		last_err = url_parse(base, p, n, NULL);
		base_backslash = last_err == URL_OK &&
		    memchr(base->href.p, '\\', base->href.len) != NULL;
	}
	if (last_err != URL_OK) {
		stream_reject(s, r, "base field %d: '%s' is not a URL: %s",
		    base_field, diag_quote(f.p, f.n, q, sizeof q),
		    url_strerror(last_err));
		return false;
	}
	*bp = base;
	return true;
}

int
main(int argc, char *argv[])
{
	struct stream s;
	struct record r;
	struct span f;
	struct url u, base, out;
	char **drops = xmalloc((size_t)argc * sizeof *drops);
	char **keeps = xmalloc((size_t)argc * sizeof *keeps);
	size_t ndrops = 0, nkeeps = 0;
	struct buf text = { 0 }, key = { 0 }, res = { 0 };
	const char *base_arg = NULL, *drops_file = NULL;
	const struct url *bp = NULL;
	enum url_profile profile = URL_PROFILE_SAFE;
	unsigned flags = 0, fragment = 0;
	bool no_default_drops = false, extended = false;
	enum url_error err;
	int ch, status;

	cli_init("urlnorm", help, argv);
	while ((ch = getopt_long(argc, argv, "af:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		bool policy = false;

		switch (ch) {
		case 'a':
			add = true;
			break;
		case 'f':
			field_option("-f", optarg, &field);
			break;
		case OPT_PROFILE:
			profile = parse_profile(optarg);
			break;
		case OPT_BASE:
			base_arg = optarg;
			break;
		case OPT_BASE_FIELD:
			field_option("--base-field", optarg, &base_field);
			break;
		case OPT_SURT:
			surt = true;
			break;
		case OPT_UNICODE_HOST:
			flags |= URL_UNICODE_HOST;
			break;
		case OPT_KEEP_FRAGMENT:
			policy = true;
			if (optarg == NULL)
				fragment = URL_KEEP_FRAGMENT;
			else if (strcmp(optarg, "routing") == 0)
				fragment = URL_ROUTING_FRAGMENT;
			else
				cli_usage_error("--keep-fragment: '%s' is not "
				    "'routing' (or nothing)", optarg);
			break;
		case OPT_DROP_PARAM:
			policy = true;
			param_name(NULL, "--drop-param", optarg, strlen(optarg));
			drops[ndrops++] = optarg;
			break;
		case OPT_DROP_PARAMS_FILE:
			policy = true;
			drops_file = optarg;
			break;
		case OPT_KEEP_PARAM:
			policy = true;
			param_name(NULL, "--keep-param", optarg, strlen(optarg));
			keeps[nkeeps++] = optarg;
			break;
		case OPT_NO_DEFAULT_DROPS:
			policy = true;
			no_default_drops = true;
			break;
		case OPT_EXTENDED_DROPS:
			policy = true;
			extended = true;
			break;
		default:
			for (size_t i = 0; i < sizeof flag_options /
			    sizeof flag_options[0]; i++)
				if (flag_options[i].ch == ch) {
					flags |= flag_options[i].flag;
					policy = true;
				}
			if (!policy)
				cli_option(ch, optarg);
		}
		if (policy && policy_opt == 0)
			policy_opt = ch;
	}
	if (policy_opt != 0 && profile < URL_PROFILE_SAFE)
		cli_usage_error("--%s: only with --profile safe or aggressive",
		    option_name(policy_opt));
	if (base_arg != NULL && base_field != 0)
		cli_usage_error("--base and --base-field exclude each other");
	if (base_field != 0 && base_field == field)
		cli_usage_error("--base-field: the base cannot be the URL field "
		    "itself (%d)", field);

	url_norm_init(&norm, profile);
	norm.flags |= flags | fragment;
	if (no_default_drops)
		url_params_clear(&norm.drop);
	if (extended)
		url_params_add_extended(&norm.drop);
	for (size_t i = 0; i < ndrops; i++)
		url_params_add(&norm.drop, drops[i], strlen(drops[i]));
	for (size_t i = 0; i < nkeeps; i++)
		url_params_add(&norm.keep, keeps[i], strlen(keeps[i]));
	if (drops_file != NULL)
		read_params_file(&norm.drop, drops_file);

	url_init(&u);
	url_init(&base);
	url_init(&out);
	if (base_arg != NULL) {
		if ((err = url_parse(&base, base_arg, strlen(base_arg), NULL)) !=
		    URL_OK)
			cli_usage_error("--base: '%s' is not a URL: %s", base_arg,
			    url_strerror(err));
		bp = &base;
		base_backslash = memchr(base.href.p, '\\', base.href.len) != NULL;
	}

	stream_open(&s, argc - optind, argv + optind);
	while (stream_next(&s, &r)) {
		const struct url *v;
		const char *p;
		size_t n;
		bool backslash;
		char q[DIAG_QUOTE_MAX];

		if (!field_get(r.p, r.n, field, &f)) {
			stream_reject(&s, &r, "no field %d: the record has %zu",
			    field, field_count(r.p, r.n));
			continue;
		}
		if (r.header) {
			if (add || surt)
				stream_write_replace(&s, &r, &f, surt ? "surt" :
				    "urlnorm", surt ? 4 : 7, add);
			else
				stream_write_replace(&s, &r, &f, f.p, f.n, false);
			continue;
		}
		if (base_field != 0 && !record_base(&s, &r, &base, &bp))
			continue;
		backslash = field_text(&f, &text, &p, &n);
		if ((err = url_parse(&u, p, n, bp)) != URL_OK) {
			stream_reject(&s, &r, "field %d: '%s' is not a URL: %s%s",
			    field, diag_quote(f.p, f.n, q, sizeof q),
			    url_strerror(err), err == URL_ERR_NO_SCHEME &&
			    bp == NULL && base_field == 0 ?
			    " (see --base and --base-field)" : "");
			continue;
		}
		v = &u;
		if (profile != URL_PROFILE_WHATWG || norm.flags != 0) {
			url_normalize(&norm, &u, &out);
			v = &out;
		}
		if (surt) {
			key.len = 0;
			url_surt(v, &key);
			p = key.p;
			n = key.len;
		} else {
			p = v->href.p;
			n = v->href.len;
		}
		/* Only a backslash can need escaping: the parser removes TAB,
		 * LF and CR, and makes no backslash; one can come from the
		 * input or from a base URL. */
		if ((backslash || (bp != NULL && base_backslash)) &&
		    memchr(p, '\\', n) != NULL) {
			res.len = 0;
			escape_append(&res, p, n);
			p = res.p;
			n = res.len;
		}
		stream_write_replace(&s, &r, &f, p, n, add);
	}
	status = stream_close(&s);
	url_free(&u);
	url_free(&base);
	url_free(&out);
	url_norm_free(&norm);
	buf_free(&text);
	buf_free(&key);
	buf_free(&res);
	free(drops);
	free(keeps);
	return status;
}
