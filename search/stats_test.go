package search

import (
	"reflect"
	"testing"
)

// Add adds every field, whatever fields Stats gains.
func TestStatsAdd(t *testing.T) {
	var a Stats
	v := reflect.ValueOf(&a).Elem()
	for i := 0; i < v.NumField(); i++ {
		switch f := v.Field(i); f.Kind() {
		case reflect.Uint64:
			f.SetUint(uint64(i + 1))
		case reflect.Int64:
			f.SetInt(int64(i + 1))
		}
	}
	sum := a
	sum.Add(a)
	s := reflect.ValueOf(sum)
	for i := 0; i < s.NumField(); i++ {
		var got int64
		if f := s.Field(i); f.Kind() == reflect.Uint64 {
			got = int64(f.Uint())
		} else {
			got = f.Int()
		}
		if got != int64(2*(i+1)) {
			t.Errorf("%s: %d after adding %d to itself", s.Type().Field(i).Name, got, i+1)
		}
	}
}
