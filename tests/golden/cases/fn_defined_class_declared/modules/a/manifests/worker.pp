class a::worker {}
