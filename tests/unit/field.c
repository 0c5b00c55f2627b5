/* Unit tests of common/field.c. */
#include "field.h"

#include "unit.h"

void
test_fields(void)
{
	const char rec[] = "a\tbb\t\tccc";
	size_t n = sizeof rec - 1;
	struct span f;
	int v;

	ok(field_count(rec, n) == 4, "four fields");
	ok(field_get(rec, n, 1, &f) && f.n == 1 && f.p == rec, "field 1");
	ok(field_get(rec, n, 2, &f) && f.n == 2 && f.p == rec + 2, "field 2");
	ok(field_get(rec, n, 3, &f) && f.n == 0, "empty field 3");
	ok(field_get(rec, n, -1, &f) && f.n == 3 && f.p == rec + 6, "field -1");
	ok(field_get(rec, n, -4, &f) && f.n == 1 && f.p == rec, "field -4");
	ok(!field_get(rec, n, 5, &f) && !field_get(rec, n, -5, &f), "no field 5 or -5");
	ok(field_get("", 0, -1, &f) && f.n == 0, "an empty record has one empty field");
	ok(field_parse("-1", NULL, &v) && v == -1, "parse -1");
	ok(field_parse("12", NULL, &v) && v == 12, "parse 12");
	ok(!field_parse("0", NULL, &v) && !field_parse("", NULL, &v) &&
	    !field_parse("1x", NULL, &v) && !field_parse("+1", NULL, &v) &&
	    !field_parse("99999999999", NULL, &v), "reject 0, empty, 1x, +1, huge");
}
