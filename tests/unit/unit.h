/* What the unit tests in tests/unit/ share: TAP output, a replayable
 * generator, and helpers that more than one test file needs.  Each
 * tests/unit/NAME.c holds the tests of common/NAME.c; main.c runs them
 * in a fixed order (the generator's numbers depend on it). */
#ifndef UNIT_H
#define UNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

struct nearrecs;
struct out;

/* One TAP line: "ok N - name" if cond, else "not ok N - name". */
void	ok(int cond, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* Does b hold exactly the n bytes at p?  SAME for a string literal. */
int	same(const struct buf *b, const char *p, size_t n);
#define SAME(b, lit)	same((b), (lit), sizeof(lit) - 1)

/* A deterministic generator, so a failure can be replayed. */
uint32_t rnd(void);

/* Pieces random token texts are made of. */
extern const char *const tpieces[];
extern const size_t ntpieces;

/* What is written to an out, through a pipe (a few kB at most):
 * capture_start returns the pipe's read end for capture_end. */
int	capture_start(struct out *o);
void	capture_end(struct out *o, int fd, struct buf *got);

/* Adds the record id with the fingerprints fp to r. */
void	add_rec(struct nearrecs *r, bool archive, const char *id,
	    const uint64_t *fp);

/* p[0..n) compressed and appended to out: one deflate stream of
 * windowBits bits (31 gzip, 15 zlib, -15 bare), or one zstd frame
 * with the raw-content dictionary dict if not NULL. */
void	deflate_to(struct buf *out, const char *p, size_t n, int bits);
void	zstd_to(struct buf *out, const char *p, size_t n, const char *dict);

/* The tests, one group a module, in the order main runs them. */
void	test_space(void);
void	test_unicode(void);
void	test_escape(void);
void	test_fields(void);
void	test_fingerprint(void);
void	test_reader(void);
void	test_tokens(void);
void	test_simhash(void);
void	test_url_whatwg(const char *top);
void	test_url_percent(const char *top);
void	test_url_normalize(void);
void	test_url_random(void);
void	test_versions(void);
void	test_nearidx(void);
void	test_nearsearch(void);
void	test_nearrecs(void);
void	test_nearkeys(void);
void	test_parts(void);
void	test_labels(void);
void	test_scan_utf8(void);
void	test_prescan(void);
void	test_decode(void);
void	test_binary(void);
void	test_names(void);
void	test_bloom(void);
void	test_bloom_rate(void);
void	test_bloom_probes(void);
void	test_keyset(void);
void	test_seenstate(void);
void	test_seenrun(void);
void	test_shingle(void);
void	test_idtab(void);
void	test_groups(void);
void	test_nvpairs(void);
void	test_nvdocs(void);
void	test_warc(void);
void	test_warc_compressed(void);
void	test_zinput(void);
void	test_httpenc(void);
void	test_wet_helpers(void);
void	test_links(void);
void	test_jsonw(void);
void	test_jsonld(void);
void	test_date(void);
void	test_progress(void);
void	test_pagetype(void);
void	test_entities(void);
void	test_linekey(void);
void	test_schemeless(void);
void	test_urlparts(const char *top);
void	test_pubsuffix_rules(void);
void	test_pubsuffix_dafsa(void);
void	test_meta(void);
void	test_xalloc(void);

#endif
