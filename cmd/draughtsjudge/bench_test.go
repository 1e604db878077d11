package main

import (
	"io"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkCheckSampleStore runs the main job (check on the embedded
// sample corpus) once into an empty store, then b.N times again with the
// same store, and reports the first run's time over a repeated run's
// ("speedup"; the issue asks for at least 10).
//
//	go test -run '^$' -bench CheckSampleStore -benchtime 3x ./cmd/draughtsjudge/
func BenchmarkCheckSampleStore(b *testing.B) {
	db := filepath.Join(b.TempDir(), "db")
	args := []string{"check", "--db", db, "--format", "json"}
	t0 := time.Now()
	run(args, io.Discard, io.Discard)
	first := time.Since(t0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run(args, io.Discard, io.Discard)
	}
	again := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(first.Seconds(), "first-s")
	b.ReportMetric(again.Seconds(), "again-s")
	b.ReportMetric(first.Seconds()/again.Seconds(), "speedup")
}
