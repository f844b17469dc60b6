notify { 'n': message => [String(3.14), String(1e-5), String(100.0), String(2.5e10), 1.0 / 3, 2.0 * 3, 10 / 4.0, Integer('10') / 3] }
