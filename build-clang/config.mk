PKG_CFLAGS = -I/usr/include/libxml2 
PKG_LIBS = -lxml2 -lcrypto -licui18n -licuuc -licudata -lxxhash 
