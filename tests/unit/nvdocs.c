/* Unit tests of common/nvdocs.c. */
#include "field.h"
#include "groups.h"
#include "idtab.h"
#include "nvdocs.h"
#include "nvpairs.h"
#include "shingle.h"

#include "unit.h"

/* The number of document ID "dN", p[0..n): an ID in the idtab is not
 * NUL-terminated, and atoi() read on into the bytes after it. */
static unsigned
doc_number(const char *p, size_t n)
{
	unsigned v = 0;

	for (size_t i = 1; i < n; i++)
		v = v * 10 + (unsigned)(p[i] - '0');
	return v;
}

/* Random texts and pairs, the documents given in order: each pair's
 * shared shingles against sets made directly, the sets freed when their
 * pairs are done, the groups against groups.h given the confirmed pairs
 * in the order it asks for. */
void
test_nvdocs(void)
{
	enum { N = 40, NPAIR = 120 };
	int bad = 0, badfree = 0, badgroup = 0;

	for (int round = 0; round < 60; round++) {
		static char text[N][200];
		static uint64_t sets[N][200];
		static size_t nsets[N];
		struct nvdocs_threshold min = { round % 2 == 1, rnd() % 11, 10 };
		enum nvdocs_groups mode = (enum nvdocs_groups)(round % 3);
		struct nvpairs p;
		struct nvdocs d;
		struct shingler sh;
		struct groups g;
		uint32_t x, order[N];
		bool absent[N];

		shingler_init(&sh, 1 + (unsigned)round % 4);
		for (int i = 0; i < N; i++) {
			int len = 0, ntok = (int)(rnd() % 12);

			for (int t = 0; t < ntok; t++)
				len += snprintf(text[i] + len, 8, "%c ",
				    (char)('a' + rnd() % 4));
			text[i][len] = '\0';
			nsets[i] = shingle_set(&sh, text[i], (size_t)len, true);
			if (nsets[i] > 0)
				memcpy(sets[i], sh.v, nsets[i] * sizeof **sets);
			absent[i] = rnd() % 10 == 0;
		}
		shingler_free(&sh);
		nvpairs_init(&p);
		for (int k = 0; k < NPAIR; k++) {
			char rec[32];
			int n = snprintf(rec, sizeof rec, "d%u\td%u\t%d",
			    rnd() % N, rnd() % N, k);

			nvpairs_add(&p, rec, (size_t)n, "pairs", (uintmax_t)k + 1);
		}
		nvpairs_done(&p);
		nvdocs_init(&d, &p, 1 + (unsigned)round % 4, &min, mode);
		/* the documents in a random order, each once, some absent;
		 * then one again, refused */
		for (int i = 0; i < N; i++)
			order[i] = (uint32_t)i;
		for (int i = N - 1; i > 0; i--) {
			uint32_t j = rnd() % (uint32_t)(i + 1), t = order[i];

			order[i] = order[j];
			order[j] = t;
		}
		groups_init(&g, mode == NVDOCS_COMPONENTS);
		for (int k = 0, nin = 0; k < N; k++) {
			char id[8];
			int n = snprintf(id, sizeof id, "d%u", order[k]);
			struct span sid = { id, (size_t)n },
			    st = { text[order[k]], strlen(text[order[k]]) };

			if (absent[order[k]])
				continue;
			if (!nvdocs_add(&d, &sid, &st, (uintmax_t)k + 1, &x))
				bad++;
			order[nin++] = order[k];
		}
		{
			/* a document present, again */
			char id[8];
			int n = snprintf(id, sizeof id, "d%u", order[0]);
			struct span sid = { id, (size_t)n }, st = { "", 0 };

			if (nvdocs_add(&d, &sid, &st, 999, &x) || d.line[x] == 999)
				bad++;
		}
		for (size_t i = 0; i < p.n; i++) {
			size_t na, nb, ia, ib;
			const char *sa = idtab_get(&p.ids, p.v[i].a, &na);
			const char *sb = idtab_get(&p.ids, p.v[i].b, &nb);
			uint64_t num, den, wnum, wden;

			ia = doc_number(sa, na);
			ib = doc_number(sb, nb);
			if (nvdocs_complete(&d, i) == (absent[ia] || absent[ib])) {
				bad++;
				continue;
			}
			if (!nvdocs_complete(&d, i))
				continue;
			wnum = ia == ib ? nsets[ia] : shingle_common(sets[ia],
			    nsets[ia], sets[ib], nsets[ib]);
			wden = min.containment ? (nsets[ia] < nsets[ib] ?
			    nsets[ia] : nsets[ib]) : nsets[ia] + nsets[ib] - wnum;
			nvdocs_similarity(&d, i, &num, &den);
			if (num != wnum || den != wden ||
			    nvdocs_confirmed(&d, i) != (wden ? wnum * min.den >=
			    min.num * wden : min.num == 0))
				bad++;
		}
		/* a set stays only while a pair of it waits for an absent
		 * document */
		for (uint32_t id = 0; id < p.npaired; id++)
			if ((d.set[id] != NULL) != (d.line[id] != 0 &&
			    d.pending[id] != 0))
				badfree++;
		if (mode != NVDOCS_PAIRS) {
			uint32_t rank[N], nrank = 0;

			/* groups.h's input: ranks among the paired documents
			 * present, the pairs by their later document */
			for (int k = 0; k < N; k++) {
				char id[8];
				int n = snprintf(id, sizeof id, "d%u", order[k]);

				rank[k] = UINT32_MAX;
				if (k < (int)d.ndocs && idtab_find(&p.ids, id,
				    (size_t)n, &x) && x < p.npaired)
					rank[k] = nrank++;
			}
			groups_grow(&g, nrank);
			for (int k = 0; k < (int)d.ndocs; k++)
				for (size_t i = 0; i < p.n; i++) {
					const char *s;
					size_t n;
					uint32_t da, db;
					int ka = -1, kb = -1;

					if (!nvdocs_complete(&d, i) ||
					    !nvdocs_confirmed(&d, i))
						continue;
					s = idtab_get(&p.ids, p.v[i].a, &n);
					da = doc_number(s, n);
					s = idtab_get(&p.ids, p.v[i].b, &n);
					db = doc_number(s, n);
					for (int j = 0; j < (int)d.ndocs; j++) {
						if (order[j] == da)
							ka = j;
						if (order[j] == db)
							kb = j;
					}
					if ((ka > kb ? ka : kb) == k)
						groups_pair(&g, rank[ka], rank[kb]);
				}
			for (int k = 0; k < (int)d.ndocs; k++) {
				char id[8];
				int n = snprintf(id, sizeof id, "d%u", order[k]);
				uint32_t want, got;

				idtab_find(&p.ids, id, (size_t)n, &x);
				got = nvdocs_group(&d, x);
				want = x;
				if (rank[k] != UINT32_MAX) {
					uint32_t r = groups_of(&g, rank[k]);

					for (int j = 0; j < (int)d.ndocs; j++)
						if (rank[j] == r) {
							n = snprintf(id, sizeof id,
							    "d%u", order[j]);
							idtab_find(&p.ids, id,
							    (size_t)n, &want);
						}
				}
				if (got != want)
					badgroup++;
			}
		}
		groups_free(&g);
		nvdocs_free(&d);
		nvpairs_free(&p);
	}
	ok(bad == 0, "nvdocs: shared shingles, similarity and confirmation of "
	    "random pairs as the sets give them; an ID once (%d wrong)", bad);
	ok(badfree == 0, "nvdocs: a shingle set is kept only while a pair of "
	    "it is still to be done (%d wrong)", badfree);
	ok(badgroup == 0, "nvdocs: clusters and components of the confirmed "
	    "pairs, in DOCS order (%d wrong)", badgroup);
}
