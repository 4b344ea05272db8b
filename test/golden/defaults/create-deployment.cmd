kubectl create deployment hello --image=ghcr.io/example/hello:1.0 --replicas=4 --port=8080 --dry-run=client -o json  # kubectl v1.33 (/usr/lib/google-cloud-sdk/bin/kubectl.1.33)
