public enum CLIStub {}
