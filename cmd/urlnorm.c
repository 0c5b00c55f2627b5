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
#include "jsonw.h"
#include "pubsuffix.h"
#include "schemeless.h"
#include "stream.h"
#include "url.h"
#include "urlparts.h"
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
"      --default-scheme S   read host[:port][/path...] without a scheme\n"
"                           as S://... (S: http or https)\n"
"      --parts LIST         add these parts of the URL as fields before\n"
"                           it: scheme host port path query fragment\n"
"                           domain suffix subdomain site (commas between)\n"
"      --json               write each record as a JSON object: input,\n"
"                           url and the parts (those of --parts if given)\n"
"      --psl FILE           the Public Suffix List for domain, suffix and\n"
"                           subdomain (default: Debian's publicsuffix)\n"
"      --psl-private        count the list's private suffixes too\n"
"                           (github.io, blogspot.com)\n"
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
	OPT_STRIP_USERINFO, OPT_STRIP_TRAILING_DOT, OPT_FORCE_HTTPS,
	OPT_DEFAULT_SCHEME, OPT_PARTS, OPT_JSON, OPT_PSL, OPT_PSL_PRIVATE
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
	{ "default-scheme",	required_argument,	NULL, OPT_DEFAULT_SCHEME },
	{ "parts",		required_argument,	NULL, OPT_PARTS },
	{ "json",		no_argument,		NULL, OPT_JSON },
	{ "psl",		required_argument,	NULL, OPT_PSL },
	{ "psl-private",	no_argument,		NULL, OPT_PSL_PRIVATE },
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
static bool add, surt, json;
static struct url_norm norm;
static int policy_opt;		/* the first policy option given */
static const char *default_scheme;	/* NULL: none */
static unsigned char parts[64];	/* --parts, or every part for --json */
static size_t nparts;
static struct pubsuffix *psl;	/* loaded when a part needs it */

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

	if (!stream_field_named(s, r, "base field", base_field, &f))
		return false;
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

/* --default-scheme: http or https */
static const char *
parse_scheme(const char *arg)
{
	if (strcmp(arg, "http") != 0 && strcmp(arg, "https") != 0)
		cli_usage_error("--default-scheme: '%s' is not http or https",
		    arg);
	return arg;
}

static void
parse_parts(const char *arg)
{
	struct span bad;

	nparts = urlparts_parse_list(arg, parts, sizeof parts, &bad);
	if (nparts == 0)
		cli_usage_error("--parts: '%.*s' is not a part (scheme, host, "
		    "port, path, query, fragment, domain, suffix, subdomain or "
		    "site)", (int)bad.n, bad.p);
}

/* The Public Suffix List, if a part needs it: a list that cannot be
 * read is fatal (status 2), before any record. */
static void
load_psl(const char *path, bool private_rules)
{
	char err[512];

	if (!urlparts_need_psl(parts, nparts)) {
		if (path != NULL || private_rules)
			cli_usage_error("--%s: only with --parts domain, suffix "
			    "or subdomain, or --json", path != NULL ? "psl" :
			    "psl-private");
		return;
	}
	if ((psl = pubsuffix_open(path, private_rules, err, sizeof err)) ==
	    NULL) {
		if (path != NULL)
			diag_fatal("--psl: %s", err);
		diag_fatal("%s (the Public Suffix List: install Debian's "
		    "publicsuffix package, or give --psl FILE)", err);
	}
}

/* The other fields of record r, unescaped, after skipping field f. */
static void
json_fields(struct jsonw *w, const struct record *r, const struct span *f)
{
	static struct buf t;
	const char *p = r->p, *end = r->p + r->n;

	if (f->p == r->p && f->n == r->n)
		return;
	jsonw_begin_array(w, "fields");
	for (;;) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		const char *e = tab != NULL ? tab : end;

		if (p != f->p) {
			t.len = 0;
			unescape_append(&t, p, (size_t)(e - p));
			jsonw_str(w, NULL, t.p, t.len);
		}
		if (tab == NULL)
			break;
		p = tab + 1;
	}
	jsonw_end_array(w);
}

/* --json: input, url (surt), the parts, the other fields */
static void
write_json(struct stream *s, const struct record *r, const struct span *f,
    const char *in, size_t nin, const struct url *v, const struct buf *key,
    const struct urlparts *up)
{
	static struct buf b;
	struct jsonw w;
	struct record j = *r;

	b.len = 0;
	jsonw_init_buf(&w, &b);
	jsonw_begin(&w, NULL);
	jsonw_str(&w, "input", in, nin);
	jsonw_str(&w, "url", v->href.p, v->href.len);
	if (surt)
		jsonw_str(&w, "surt", key->p, key->len);
	urlparts_json(up, parts, nparts, &w);
	json_fields(&w, r, f);
	jsonw_end(&w);
	j.p = b.p;
	j.n = b.len;
	stream_write(s, &j);
}

/* The header line: the names of the parts, and "urlnorm" (or "surt")
 * for the result when the URL column is kept (-a) or changes meaning
 * (--surt); none is written with --json. */
static void
write_header(struct stream *s, const struct record *r, const struct span *f)
{
	static struct buf b;

	if (json)
		return;
	b.len = 0;
	for (size_t i = 0; i < nparts; i++) {
		buf_append(&b, urlparts_names[parts[i]],
		    strlen(urlparts_names[parts[i]]));
		buf_putc(&b, '\t');
	}
	if (add || surt)
		buf_append(&b, surt ? "surt" : "urlnorm", surt ? 4 : 7);
	else
		buf_append(&b, f->p, f->n);
	stream_write_replace(s, r, f, b.p, b.len, add);
}

/* The state of a run, set by options() and used for every record. */
static enum url_profile profile = URL_PROFILE_SAFE;
static struct url base;			/* --base, or the record's */
static const struct url *bp;		/* &base when there is one */
static struct url u, out, ascii;	/* parsed, normalized, ASCII host */
static struct urlparts up;
static struct buf text, key, res, guess;

/* The options: parsed, checked against each other, and the normalizer
 * (norm) and --base (base, bp) set up from them. */
static void
options(int argc, char *argv[])
{
	/* static, so that LeakSanitizer still reaches them when a usage
	 * error exits from the option loop (at -O2 the stack may not) */
	static char **drops, **keeps;
	size_t ndrops = 0, nkeeps = 0;
	const char *base_arg = NULL, *drops_file = NULL, *psl_path = NULL;
	unsigned flags = 0, fragment = 0;
	bool no_default_drops = false, extended = false, psl_private = false;
	enum url_error err;
	int ch;

	drops = xmalloc((size_t)argc * sizeof *drops);
	keeps = xmalloc((size_t)argc * sizeof *keeps);
	while ((ch = getopt_long(argc, argv, "af:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		bool policy = false;

		switch (ch) {
		case 'a':
			add = true;
			break;
		case 'f':
			field = cli_field("-f", optarg);
			break;
		case OPT_PROFILE:
			profile = parse_profile(optarg);
			break;
		case OPT_BASE:
			base_arg = optarg;
			break;
		case OPT_BASE_FIELD:
			base_field = cli_field("--base-field", optarg);
			break;
		case OPT_SURT:
			surt = true;
			break;
		case OPT_UNICODE_HOST:
			flags |= URL_UNICODE_HOST;
			break;
		case OPT_DEFAULT_SCHEME:
			default_scheme = parse_scheme(optarg);
			break;
		case OPT_PARTS:
			parse_parts(optarg);
			break;
		case OPT_JSON:
			json = true;
			break;
		case OPT_PSL:
			psl_path = optarg;
			break;
		case OPT_PSL_PRIVATE:
			psl_private = true;
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
	if (default_scheme != NULL && (base_arg != NULL || base_field != 0))
		cli_usage_error("--default-scheme and --%s exclude each other",
		    base_arg != NULL ? "base" : "base-field");
	if (json && add)
		cli_usage_error("-a and --json exclude each other (the JSON "
		    "object has the input)");
	if (json && nparts == 0)
		for (int i = 0; i < URLPARTS_N; i++)
			parts[nparts++] = (unsigned char)i;
	load_psl(psl_path, psl_private);

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

	if (base_arg != NULL) {
		if ((err = url_parse(&base, base_arg, strlen(base_arg), NULL)) !=
		    URL_OK)
			cli_usage_error("--base: '%s' is not a URL: %s", base_arg,
			    url_strerror(err));
		bp = &base;
		base_backslash = memchr(base.href.p, '\\', base.href.len) != NULL;
	}
	free(drops);
	free(keeps);
}

/* Normalize the record r: write it, with its URL in canonical form
 * (or its parts, its SURT key, its JSON object), or reject it. */
static void
normalize_record(struct stream *s, const struct record *r)
{
	struct span f;
	const struct url *v;
	const char *p, *in;
	size_t n, nin;
	bool backslash;
	enum url_error err;
	char q[DIAG_QUOTE_MAX];

	if (!stream_field(s, r, field, &f))
		return;
	if (r->header) {
		if (add || surt || nparts > 0)
			write_header(s, r, &f);
		else
			stream_write_replace(s, r, &f, f.p, f.n, false);
		return;
	}
	if (base_field != 0 && !record_base(s, r, &base, &bp))
		return;
	backslash = field_text(&f, &text, &in, &nin);
	p = in;
	n = nin;
	if (default_scheme != NULL &&
	    schemeless_prefix(default_scheme, in, nin, &guess)) {
		p = guess.p;
		n = guess.len;
	}
	if ((err = url_parse(&u, p, n, bp)) != URL_OK) {
		stream_reject(s, r, "field %d: '%s' is not a URL: %s%s",
		    field, diag_quote(f.p, f.n, q, sizeof q),
		    url_strerror(err), err != URL_ERR_NO_SCHEME ||
		    bp != NULL || base_field != 0 ? "" :
		    default_scheme != NULL ?
		    " (nor a host for --default-scheme)" :
		    " (see --base, --base-field and --default-scheme)");
		return;
	}
	v = &u;
	if (profile != URL_PROFILE_WHATWG || norm.flags != 0) {
		url_normalize(&norm, &u, &out);
		v = &out;
	}
	if (nparts > 0) {
		const struct url *a = NULL;

		/* the list is looked up with the ASCII host */
		if (psl != NULL && (norm.flags & URL_UNICODE_HOST) &&
		    v->host_type == URL_HOST_DOMAIN) {
			norm.flags &= ~(unsigned)URL_UNICODE_HOST;
			url_normalize(&norm, &u, &ascii);
			norm.flags |= URL_UNICODE_HOST;
			a = &ascii;
		}
		urlparts_get(&up, v, a, psl);
	}
	if (surt) {
		key.len = 0;
		url_surt(v, &key);
	}
	if (json) {
		write_json(s, r, &f, in, nin, v, &key, &up);
		return;
	}
	if (surt) {
		p = key.p;
		n = key.len;
	} else {
		p = v->href.p;
		n = v->href.len;
	}
	/* Only a backslash can need escaping: the parser removes TAB,
	 * LF and CR, and makes no backslash; one can come from the
	 * input or from a base URL. */
	if (nparts > 0 || ((backslash || (bp != NULL &&
	    base_backslash)) && memchr(p, '\\', n) != NULL)) {
		res.len = 0;
		urlparts_tsv(&up, parts, nparts, &res);
		if ((backslash || (bp != NULL && base_backslash)) &&
		    memchr(p, '\\', n) != NULL)
			escape_append(&res, p, n);
		else
			buf_append(&res, p, n);
		p = res.p;
		n = res.len;
	}
	stream_write_replace(s, r, &f, p, n, add);
}

int
main(int argc, char *argv[])
{
	struct stream s;
	struct record r;
	int status;

	cli_init("urlnorm", help, argv);
	url_init(&base);
	options(argc, argv);
	url_init(&u);
	url_init(&out);
	url_init(&ascii);
	urlparts_init(&up);
	stream_open(&s, argc - optind, argv + optind);
	while (stream_next(&s, &r))
		normalize_record(&s, &r);
	status = stream_close(&s);
	url_free(&u);
	url_free(&base);
	url_free(&out);
	url_free(&ascii);
	urlparts_free(&up);
	url_norm_free(&norm);
	pubsuffix_close(psl);
	buf_free(&text);
	buf_free(&key);
	buf_free(&res);
	buf_free(&guess);
	return status;
}
