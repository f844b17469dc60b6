class a(*$rest) {}
