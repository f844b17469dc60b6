#include <iostream>
#include "marionette/version.hpp"
int main() { std::cout << marionette::kVersion << "\n"; }
