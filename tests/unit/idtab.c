/* Unit tests of common/idtab.c. */
#include "idtab.h"

#include "unit.h"

void
test_idtab(void)
{
	struct idtab t;
	bool added;
	uint32_t id;
	size_t n;
	int bad = 0;
	char key[32];

	idtab_init(&t);
	ok(idtab_add(&t, "a", 1, &added) == 0 && added &&
	    idtab_add(&t, "a\0b", 3, &added) == 1 && added &&
	    idtab_add(&t, "", 0, &added) == 2 && added &&
	    idtab_add(&t, "a", 1, &added) == 0 && !added,
	    "idtab: numbered in the order first added; NUL bytes and the "
	    "empty string are strings");
	ok(idtab_find(&t, "a\0b", 3, &id) && id == 1 &&
	    !idtab_find(&t, "a\0c", 3, &id) && !idtab_find(&t, "a\0", 2, &id),
	    "idtab: found byte for byte");
	for (int i = 0; i < 100000; i++) {
		int len = snprintf(key, sizeof key, "k%d", i);

		if (idtab_add(&t, key, (size_t)len, &added) != (uint32_t)i + 3 ||
		    !added)
			bad++;
	}
	for (int i = 0; i < 100000; i += 7) {
		int len = snprintf(key, sizeof key, "k%d", i);
		const char *p;

		if (!idtab_find(&t, key, (size_t)len, &id) || id != (uint32_t)i + 3)
			bad++;
		p = idtab_get(&t, id, &n);
		if (n != (size_t)len || memcmp(p, key, n) != 0)
			bad++;
	}
	ok(bad == 0 && t.n == 100003, "idtab: 100000 strings, through its "
	    "growth (%d wrong)", bad);
	idtab_clear(&t);
	ok(t.n == 0 && !idtab_find(&t, "a", 1, &id) &&
	    idtab_add(&t, "b", 1, &added) == 0 && added &&
	    idtab_add(&t, "a", 1, &added) == 1 && added &&
	    idtab_add(&t, "b", 1, &added) == 0 && !added,
	    "idtab: cleared, it numbers from 0 again");
	idtab_free(&t);
}
