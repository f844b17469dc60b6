type Mymod::Small = Integer[0, 10]
