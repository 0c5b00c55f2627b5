/* Unit tests of common/meta.c. */
#include "meta.h"

#include "unit.h"

void
test_meta(void)
{
	ok(meta_keys_sorted(), "meta: the table of <meta> names is sorted");
}
