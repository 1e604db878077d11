package tablebase

import (
	"fmt"
	"sync"

	"github.com/dgraph-io/badger/v4/options"
	"github.com/klauspost/compress/zstd"
)

// Compression of the endgame blocks.
//
// The builder compresses each block of codes itself, once, with zstd
// (klauspost/compress, the library Badger uses), and the compressed block
// (about 20 KB) goes to Badger's value log (valueThreshold), which is
// written once and never rewritten; Badger's tables, still compressed by
// Badger, hold the keys, the pointers and the small records. Before, the
// raw blocks were values in the tables: Badger compressed them at the
// memtable's flush and again at every compaction that rewrote them (one
// per level), decompressing them for each rewrite: 20 % of the russian
// 6-piece build's CPU time (docs/performance.md, "The builder, seventh
// pass"). A slice's record names its blocks' codec (SliceRecord.Codec):
// "" for the slices written before, whose values are the raw codes; both
// kinds are read alike (each Badger table records its own compression).

// optsCompression is the compression of the tables Badger writes.
func optsCompression() options.CompressionType { return options.ZSTD }

// blockCodec is the codec of the blocks the builder writes.
const blockCodec = "zstd"

// codecKnown reports whether blocks of codec c can be read.
func codecKnown(c string) bool { return c == "" || c == blockCodec }

var (
	zstdEncoder = sync.OnceValue(func() *zstd.Encoder {
		// One frame per block, without zstd's own checksum: the slice's
		// CRC-32C covers the codes, Badger's checksums the stored bytes.
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest),
			zstd.WithEncoderCRC(false), zstd.WithZeroFrames(true), zstd.WithWindowSize(EndgameBlockSize))
		if err != nil {
			panic(err) // only for invalid options
		}
		return enc
	})
	zstdDecoder = sync.OnceValue(func() *zstd.Decoder {
		dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(4*EndgameBlockSize))
		if err != nil {
			panic(err)
		}
		return dec
	})
)

// encodeBlock appends block codes, compressed, to dst.
func encodeBlock(dst, codes []uint8) []byte {
	return zstdEncoder().EncodeAll(codes, dst)
}

// decodeBlock returns the codes of stored value v of codec c (for codec
// "", v's bytes), in buf's storage when it is large enough: unlike v, they
// stay valid after Badger's Value callback. An error says the value does
// not decode (the callers report the slice damaged).
func decodeBlock(c string, v, buf []byte) ([]byte, error) {
	if c == "" {
		return append(buf[:0], v...), nil
	}
	out, err := zstdDecoder().DecodeAll(v, buf[:0])
	if err != nil {
		return nil, fmt.Errorf("block does not decode (%s): %v", c, err)
	}
	return out, nil
}
