jest.setTimeout(60_000); // real PostgreSQL and Kafka
