import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local listening on 127.0.0.1 only (local/dynamodb.ts). The jar's own launcher binds every
 * interface and has no host option, so this entry point builds the server from the same command-line arguments,
 * then sets the host of its Jetty connectors before starting it. local/dynamodb.ts compiles it once (javac) and runs
 * java -cp <compiled>:DynamoDBLocal.jar:DynamoDBLocal_lib/* LoopbackDynamoDBLocal <DynamoDB Local arguments>
 */
public class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    if (proxy == null) System.exit(1);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    int bound = 0;
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector) {
        ((ServerConnector) connector).setHost("127.0.0.1");
        bound++;
      }
    }
    // Never fall back to every interface: a DynamoDB Local version without this field or connector stops here.
    if (bound == 0) throw new IllegalStateException("DynamoDB Local: no connector to bind to 127.0.0.1");
    proxy.start();
    proxy.join();
  }
}
