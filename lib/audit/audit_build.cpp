// build unit placeholder until the layer lands
