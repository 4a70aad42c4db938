jest.setTimeout(180_000); // five processes start per test file
