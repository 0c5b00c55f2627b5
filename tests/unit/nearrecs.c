/* Unit tests of common/nearrecs.c. */
#include "nearrecs.h"

#include "unit.h"

void
test_nearrecs(void)
{
	struct nearrecs r = { 0 };
	uint64_t fp[NEARRECS_MAXPOS];
	uint32_t *all;
	size_t n, len;
	const char *id;

	ok(nearrecs_parse_fps("0123456789abcdef", 16, fp, 4) == 1 &&
	    fp[0] == 0x0123456789abcdefULL, "nearrecs: one fingerprint");
	ok(nearrecs_parse_fps("0x0000000000000001,FFFFFFFFFFFFFFFF", 35, fp, 4) == 2 &&
	    fp[0] == 1 && fp[1] == ~0ULL, "nearrecs: two, 0x and upper case");
	ok(nearrecs_parse_fps("0000000000000001,", 17, fp, 4) == 0 &&
	    nearrecs_parse_fps("", 0, fp, 4) == 0 &&
	    nearrecs_parse_fps("0000000000000001,,0000000000000001", 34, fp, 4) == 0,
	    "nearrecs: empty fingerprints are not fingerprints");
	ok(nearrecs_parse_fps("0000000000000001,0000000000000002", 33, fp, 1) == 0,
	    "nearrecs: more than max");
	/* one fingerprint a record: entries only for those that take part */
	r.npos = 1;
	fp[0] = 5;
	add_rec(&r, false, "a", fp);
	fp[0] = 0;
	add_rec(&r, false, "", fp);
	fp[0] = 7;
	add_rec(&r, true, "c\td", fp);
	ok(r.nent == 2 && r.ent[0].idx == 0 && r.ent[1].idx == 2 &&
	    r.ent[1].fp == 7 && r.in.fps == NULL, "nearrecs: entries, not "
	    "fingerprints, with one a record");
	ok(!nearrecs_blank(&r, 0) && nearrecs_blank(&r, 1) && !nearrecs_blank(&r, 2),
	    "nearrecs: the zero fingerprint is blank");
	id = nearrecs_id(&r, 2, &len);
	ok(len == 3 && memcmp(id, "c\td", 3) == 0 && nearrecs_id(&r, 1, &len) &&
	    len == 0, "nearrecs: IDs of the input and the archive");
	all = nearrecs_all(&r, &n);
	ok(n == 3 && all[0] == 0 && all[2] == 2, "nearrecs: every record");
	free(all);
	nearrecs_drop_archive(&r);
	ok(r.arc.n == 0 && r.in.n == 2 && r.nent == 1 && r.ent[0].idx == 0,
	    "nearrecs: the archive part dropped, the input's entries kept");
	nearrecs_free(&r);
	/* several: the records keep them, the entries are made a position
	 * at a time */
	r = (struct nearrecs){ .npos = 2, .keep_empty = true };
	fp[0] = 0;
	fp[1] = 9;
	add_rec(&r, false, "x", fp);
	fp[0] = 3;
	fp[1] = 0;
	add_rec(&r, false, "y", fp);
	all = nearrecs_all(&r, &n);
	nearrecs_fill(&r, 1, all, n);
	ok(r.nent == 2 && r.ent[0].fp == 9 && r.ent[1].fp == 0 &&
	    nearrecs_fps(&r, 1)[0] == 3 && !nearrecs_blank(&r, 0),
	    "nearrecs: --keep-empty: the zero fingerprint takes part");
	free(all);
	nearrecs_free(&r);
}
