/* SHA-256 through OpenSSL's EVP interface (the SHA256_* calls are
 * deprecated in OpenSSL 3).  The algorithm is fetched once; each digest
 * reuses one context. */
#ifndef CRAWLUTILS_DIGEST_H
#define CRAWLUTILS_DIGEST_H

#include <stddef.h>

#define DIGEST_SHA256_LEN	32

void digest_sha256_begin(void);
void digest_sha256_update(const void *p, size_t n);
void digest_sha256_end(unsigned char out[DIGEST_SHA256_LEN]);
/* For textnorm_space() and friends: a sink that feeds the digest. */
void digest_sha256_sink(void *ctx, const char *p, size_t n);

/* Lowercase hex of n bytes into out (2n chars, no NUL). */
void digest_hex(const unsigned char *in, size_t n, char *out);

#endif
