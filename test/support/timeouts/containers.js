jest.setTimeout(600_000); // a whole stack of containers starts per file (the first Kafka and gateway starts are slow)
