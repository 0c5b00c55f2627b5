/* Unit tests of common/groups.c. */
#include "groups.h"

#include "unit.h"

/* Clusters against the rule said plainly (quadratic), components against
 * a flood fill, on random pairs. */
void
test_groups(void)
{
	enum { N = 60 };
	int bad = 0;

	for (int round = 0; round < 200; round++) {
		static bool adj[N][N];
		uint32_t want[N], comp[N];
		struct groups cl, co;
		int npairs = (int)(rnd() % 120);

		memset(adj, 0, sizeof adj);
		groups_init(&cl, false);
		groups_init(&co, true);
		groups_grow(&cl, N);
		groups_grow(&co, N);
		for (int k = 0; k < npairs; k++) {
			uint32_t a = rnd() % N, b = rnd() % N;

			adj[a][b] = adj[b][a] = true;
		}
		/* pairs given ordered by their later record, either way round */
		for (uint32_t b = 0; b < N; b++)
			for (uint32_t a = 0; a <= b; a++)
				if (adj[a][b]) {
					if (rnd() % 2)
						groups_pair(&cl, a, b);
					else
						groups_pair(&cl, b, a);
				}
		for (uint32_t b = N; b-- > 0; )
			for (uint32_t a = 0; a < N; a++)
				if (adj[a][b])
					groups_pair(&co, a, b);
		for (uint32_t r = 0; r < N; r++) {
			want[r] = r;
			for (uint32_t l = 0; l < r; l++)
				if (want[l] == l && adj[l][r]) {
					want[r] = l;
					break;
				}
			if (groups_of(&cl, r) != want[r])
				bad++;
		}
		for (uint32_t r = 0; r < N; r++)
			comp[r] = UINT32_MAX;
		for (uint32_t r = 0; r < N; r++) {
			uint32_t stack[N], top = 0;

			if (comp[r] != UINT32_MAX)
				continue;
			comp[r] = r;
			stack[top++] = r;
			while (top > 0) {
				uint32_t x = stack[--top];

				for (uint32_t y = 0; y < N; y++)
					if (adj[x][y] && comp[y] == UINT32_MAX) {
						comp[y] = r;
						stack[top++] = y;
					}
			}
		}
		for (uint32_t r = 0; r < N; r++)
			if (groups_of(&co, r) != comp[r])
				bad++;
		groups_free(&cl);
		groups_free(&co);
	}
	ok(bad == 0, "groups: clusters (no chaining) and components on random "
	    "pairs (%d wrong)", bad);
}
