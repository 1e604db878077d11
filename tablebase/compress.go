package tablebase

import "github.com/dgraph-io/badger/v4/options"

// optsCompression is Badger's own ZSTD block compression (no hand-written codec).
func optsCompression() options.CompressionType { return options.ZSTD }
