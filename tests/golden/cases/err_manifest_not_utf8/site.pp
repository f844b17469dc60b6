notify { "ok": }
notify { "ÿþ": }
