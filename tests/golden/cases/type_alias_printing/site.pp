type Tree = Variant[Integer, Array[Tree]]
type Name = String[1]
type Names = Array[Name]
type MaybeName = Optional[Name]
notify { 'ap': message => [Tree, Names, MaybeName, "${Name}", Name =~ Type, Names <= Array[String], String[2] <= Name, type(Name)] }
