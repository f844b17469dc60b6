# realize() of references nothing ever declares fails when the compile ends, naming them all.
realize(Notify['nowhere'])
notify { 'declared': }
realize([Notify['nothing'], Notify['declared']])
