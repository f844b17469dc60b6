function rt::twice(Integer $x) >> Integer { $x * 2 }
