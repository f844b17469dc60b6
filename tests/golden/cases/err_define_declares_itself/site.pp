define r($n) {
  r { "x${n}": n => $n + 1 }
}
r { "a": n => 1 }
