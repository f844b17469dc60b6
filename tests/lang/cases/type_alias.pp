type Mymod::Port = Integer[1, 65535]
type Mymod::Conf = Struct[{ name => String, port => Optional[Mymod::Port] }]
