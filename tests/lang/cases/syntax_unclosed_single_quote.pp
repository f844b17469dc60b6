notice('abc
