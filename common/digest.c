#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "diag.h"
#include "digest.h"

static EVP_MD *md;
static EVP_MD_CTX *ctx;

static _Noreturn void
openssl_failed(const char *what)
{
	char msg[256];

	ERR_error_string_n(ERR_get_error(), msg, sizeof msg);
	diag_fatal("OpenSSL: %s: %s", what, msg);
}

void
digest_sha256_begin(void)
{
	if (md == NULL) {
		/* Without openssl.cnf: a program reads only the files it
		 * is given, and SHA-256 is the same whatever the file says.
		 * Reading and parsing Debian's was 2.0 million of the 12.9
		 * million instructions of `sha256text` on one record
		 * (callgrind, here); freeing OpenSSL's tables at exit
		 * another 0.5 million, which the end of the process does
		 * for free. */
		if (!OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG |
		    OPENSSL_INIT_NO_ATEXIT, NULL))
			openssl_failed("init");
		/* An explicit fetch: EVP_sha256() would look the
		 * implementation up again at every init. */
		if ((md = EVP_MD_fetch(NULL, "SHA256", NULL)) == NULL)
			openssl_failed("SHA256");
		if ((ctx = EVP_MD_CTX_new()) == NULL)
			diag_fatal("out of memory");
	}
	if (!EVP_DigestInit_ex2(ctx, md, NULL))
		openssl_failed("digest init");
}

void
digest_sha256_update(const void *p, size_t n)
{
	if (!EVP_DigestUpdate(ctx, p, n))
		openssl_failed("digest");
}

void
digest_sha256_sink(void *unused, const char *p, size_t n)
{
	(void)unused;
	digest_sha256_update(p, n);
}

void
digest_sha256_end(unsigned char out[DIGEST_SHA256_LEN])
{
	unsigned int len;

	if (!EVP_DigestFinal_ex(ctx, out, &len) || len != DIGEST_SHA256_LEN)
		openssl_failed("digest final");
}

void
digest_hex(const unsigned char *in, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hex[in[i] >> 4];
		out[2 * i + 1] = hex[in[i] & 15];
	}
}
