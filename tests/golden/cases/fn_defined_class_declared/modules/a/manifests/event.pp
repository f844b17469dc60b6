class a::event {}
